import ErrorOutline from '@mui/icons-material/ErrorOutline';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { MessageScreen } from './MessageScreen';

/**
 * What a page that failed shows: a screen that throws while rendering, or a page's code that
 * cannot be loaded (a new release replaced it), shows this instead of a blank app, with a way
 * to try again or go home.
 */
export function RouteError({ error }: { error: unknown }) {
  useEffect(() => {
    console.error('A page failed to render', error);
  }, [error]);
  return (
    <MessageScreen
      alert
      icon={<ErrorOutline color="error" sx={{ fontSize: 56 }} aria-hidden />}
      title="Something went wrong"
      text="This page could not be shown. Reloading usually fixes it; if it does not, go back to the home page and try again in a moment."
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} justifyContent="center">
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
        <Button component={RouterLink} to="/" reloadDocument variant="outlined">
          Back to the home page
        </Button>
      </Stack>
    </MessageScreen>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** The address shown: moving to another clears the error. */
  pathname: string;
}

interface BoundaryState {
  error: unknown;
  /** Where the error happened (null: no error). */
  failedAt: string | null;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, failedAt: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  override componentDidCatch(_error: unknown, _info: ErrorInfo) {
    this.setState({ failedAt: this.props.pathname });
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    // Another page: try rendering again.
    return state.failedAt !== null && state.failedAt !== props.pathname
      ? { error: null, failedAt: null }
      : null;
  }

  override render() {
    return this.state.error === null ? (
      this.props.children
    ) : (
      <RouteError error={this.state.error} />
    );
  }
}

/**
 * The routes' error boundary (around the layout, and around every page inside it, so the
 * navigation stays when a page fails): the page's failure shows `RouteError` until the visitor
 * goes to another address.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}
