import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** What shows instead of the children once one of them throws: a way on, or nothing. */
  fallback: ReactNode;
  /** Named in the log, to tell which part failed. */
  part: string;
  children: ReactNode;
}

/**
 * Keeps a part that cannot be drawn (its chunk did not arrive on a dropped connection, or it threw) from taking
 * the whole page with it: without a boundary React unmounts everything and leaves the page blank.
 */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`${this.props.part} failed to load or draw`, error, info.componentStack);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
