import SearchOff from '@mui/icons-material/SearchOff';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { MessageScreen } from './MessageScreen';

/**
 * Any address the shop, the account area or the console does not know: we say plainly that
 * the page does not exist and offer the way back.
 */
export function NotFound() {
  return (
    <MessageScreen
      icon={<SearchOff color="secondary" sx={{ fontSize: 56 }} aria-hidden />}
      title="Page not found"
      text="There is no page at this address. It may have moved, or the link may be mistyped."
    >
      <Button component={RouterLink} to="/" variant="contained">
        Back to the home page
      </Button>
    </MessageScreen>
  );
}
