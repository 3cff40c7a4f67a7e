import { Alert, Button } from 'antd';
import { errorMessage } from '../api/error-message';

interface SectionErrorProps {
  /** What failed to load, as the title names it: `The ${what} could not be loaded`. */
  what: string;
  error: unknown;
  /** Retry, when the load can be tried again from here. */
  onRetry?: () => void;
  /** Shown when the error carries no message of its own. */
  fallback?: string;
}

/** Data that could not be loaded: the reason, and Retry. */
export function SectionError({ what, error, onRetry, fallback = 'Please check the connection and try again.' }: SectionErrorProps) {
  return (
    <Alert
      type="error"
      showIcon
      title={`The ${what} could not be loaded`}
      description={errorMessage(error, fallback)}
      action={
        onRetry ? (
          <Button size="small" onClick={onRetry}>
            Retry
          </Button>
        ) : undefined
      }
    />
  );
}
