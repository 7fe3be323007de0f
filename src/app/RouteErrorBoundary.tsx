import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { describeError, logger } from '../lib/logger';
import { RouteErrorPage } from './RouteErrorPage';

interface BoundaryProps {
  /** The location the children show; a new one clears a caught error. */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  failure: { error: unknown; resetKey: string } | null;
}

class ErrorBoundaryForLocation extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failure: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    // resetKey is filled in by getDerivedStateFromProps on the same pass.
    return { failure: { error, resetKey: '' } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (!state.failure) return null;
    if (state.failure.resetKey === '') return { failure: { ...state.failure, resetKey: props.resetKey } };
    // Navigating away from a broken screen shows the next screen again.
    return state.failure.resetKey === props.resetKey ? null : { failure: null };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    logger.error('A screen failed to render', { error: describeError(error), componentStack: info.componentStack });
  }

  override render() {
    return this.state.failure ? <RouteErrorPage error={this.state.failure.error} /> : this.props.children;
  }
}

/** Catches what a screen throws while rendering (a failed chunk download included) and shows RouteErrorPage. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <ErrorBoundaryForLocation resetKey={`${location.pathname}${location.search}`}>{children}</ErrorBoundaryForLocation>;
}
