import { Alert, Button } from 'antd';
import { errorMessage } from '../../../shared/api/error-message';

/** A section whose data could not be loaded: the reason, and Retry. */
export function SectionError({ what, error, onRetry }: { what: string; error: unknown; onRetry(): void }) {
  return (
    <Alert
      type="error"
      showIcon
      title={`The ${what} could not be loaded`}
      description={errorMessage(error, 'Please check the connection and try again.')}
      action={
        <Button size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    />
  );
}
