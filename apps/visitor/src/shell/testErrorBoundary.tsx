import { Component, type ReactNode } from 'react';

/** A plain boundary for tests: shows 'outer boundary' and reports the error. */
export class ErrorBoundary extends Component<
  { onError: (error: unknown) => void; children?: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? <p>outer boundary</p> : this.props.children;
  }
}
