import { Component, type ReactNode } from 'react';

interface Props {
  onRetry: () => void;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/**
 * Keeps a remote that fails to load (or crashes) from blanking the page: a message and Retry.
 * React itself reports the caught error on the console.
 */
export class RemoteBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  private retry = (): void => {
    this.setState({ failed: false });
    this.props.onRetry();
  };

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="shell-message" role="alert">
        <h1>This page didn't load</h1>
        <button type="button" className="shell-button" onClick={this.retry}>
          Retry
        </button>
      </main>
    );
  }
}
