import ErrorOutline from '@mui/icons-material/ErrorOutline';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { isRouteErrorResponse, Link as RouterLink, useRouteError } from 'react-router';
import { NotFound } from './NotFound';
import { MessageScreen } from './MessageScreen';

/**
 * The router's error boundary (every page route, and the layout): a screen that throws while
 * rendering, or a page's code that cannot be loaded (a new release replaced it), shows this
 * instead of a blank app, with a way to try again or go home. The navigation stays, since
 * the boundary sits inside the layout.
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('A page failed to render', error);
  }, [error]);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
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
