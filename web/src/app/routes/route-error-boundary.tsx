import { Component, type ReactNode } from 'react';
import { RouteErrorPage } from './route-error';

interface Props {
  /** The page being shown (its path): another page clears the error. */
  resetKey: string;
  children: ReactNode;
}

/**
 * Catches what a page throws while rendering, a page chunk that fails to load included, and shows
 * the error screen instead of a blank page. Navigating elsewhere tries again.
 */
export class RouteErrorBoundary extends Component<Props, { error: unknown; failedAt: string | null }> {
  override state = { error: null as unknown, failedAt: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch() {
    // Remember where it failed, so leaving that page clears the screen.
    if (this.state.failedAt === null) this.setState({ failedAt: this.props.resetKey });
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; failedAt: string | null }) {
    return state.failedAt !== null && props.resetKey !== state.failedAt ? { error: null, failedAt: null } : null;
  }

  override render() {
    return this.state.failedAt !== null || this.state.error ? (
      <RouteErrorPage error={this.state.error} />
    ) : (
      this.props.children
    );
  }
}
