import AccountCircle from '@mui/icons-material/AccountCircle';
import ConfirmationNumber from '@mui/icons-material/ConfirmationNumber';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import type { NotificationType } from '@rafflewin/domain';

const ICONS = {
  raffle: ConfirmationNumber,
  win: EmojiEvents,
  account: AccountCircle,
  system: InfoOutlined,
} as const;

/** A small picture of what a notification is about; decorative (the title says it). */
export function NotificationTypeIcon({ type }: { type: NotificationType }) {
  const Icon = ICONS[type];
  return <Icon aria-hidden color={type === 'win' ? 'secondary' : 'action'} fontSize="small" />;
}
