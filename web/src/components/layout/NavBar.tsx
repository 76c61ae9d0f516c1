import AccountCircle from '@mui/icons-material/AccountCircle';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import ExpandMore from '@mui/icons-material/ExpandMore';
import MenuIcon from '@mui/icons-material/Menu';
import ShoppingCart from '@mui/icons-material/ShoppingCart';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem, { type MenuItemProps } from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { AUTH_TIMINGS, MAX_CART_TICKETS } from '@rafflewin/domain';
import { memo, useState, type MouseEvent, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useCart } from '@/hooks/useCart';
import { useSession } from '@/hooks/useSession';
import { useSiteSettings } from '@/hooks/useSiteSettings';
import { unreadBadgeText, useUnreadNotifications } from '@/hooks/useUnreadNotifications';
import { signOut } from '@/lib/signOut';
import { accountLinks, adminLinks, competitionLinks } from './navLinks';

/**
 * A menu entry that opens a page and closes its menu. It passes on the focus props its menu
 * gives the first entry (autoFocus, tabIndex): without them the menu opens with focus on its
 * backdrop, where the arrow keys do nothing.
 */
function MenuLink({
  to,
  onClose,
  children,
  ...focus
}: {
  to: string;
  onClose: () => void;
  children: ReactNode;
} & Pick<MenuItemProps, 'autoFocus' | 'tabIndex'>) {
  return (
    <MenuItem component={RouterLink} to={to} onClick={onClose} {...focus}>
      {children}
    </MenuItem>
  );
}

/** A menu's heading, not an entry: the menu's first focus and its arrow keys pass it by. */
function MenuHeading({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ px: 2, py: 1 }} aria-hidden>
      {children}
    </Box>
  );
}
MenuHeading.muiSkipListHighlight = true;

function DropdownMenu({
  label,
  links,
  icon,
}: {
  label: string;
  links: ReadonlyArray<{ label: string; to: string }>;
  icon?: React.ReactNode;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = `${label.toLowerCase().replace(/\s+/g, '-')}-menu`;
  return (
    <>
      <Button
        color="inherit"
        startIcon={icon}
        endIcon={<ExpandMore />}
        aria-controls={anchor ? id : undefined}
        aria-haspopup="true"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
      >
        {label}
      </Button>
      <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {links.map((link) => (
          <MenuLink key={link.to} to={link.to} onClose={() => setAnchor(null)}>
            {link.label}
          </MenuLink>
        ))}
      </Menu>
    </>
  );
}

/** "Account menu", and how many notifications are unread when there are any. */
function accountMenuLabel(unread: number): string {
  return unread > 0
    ? `Account menu, ${unreadBadgeText(unread)} unread ${unread === 1 ? 'notification' : 'notifications'}`
    : 'Account menu';
}

/** The unread count beside the Notifications link of the menus. */
function UnreadCount({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <Chip
      size="small"
      color="error"
      label={`${unreadBadgeText(count)} unread`}
      sx={{ ml: 1, height: 20 }}
    />
  );
}

function UserMenu({
  email,
  isAdmin,
  unread,
  onSignOut,
}: {
  email: string;
  isAdmin: boolean;
  unread: number;
  onSignOut: () => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={accountMenuLabel(unread)}
        aria-controls={anchor ? 'user-menu' : undefined}
        aria-haspopup="true"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {/* No badge at all when nothing is unread: a hidden "0" would still count as text. */}
        {unread > 0 ? (
          <Badge
            color="error"
            badgeContent={unreadBadgeText(unread)}
            data-testid="notification-badge"
          >
            <AccountCircle />
          </Badge>
        ) : (
          <AccountCircle />
        )}
      </IconButton>
      {/* A menu holds menu items only (axe: aria-required-children): who is signed in is the
          menu's name, and the heading that shows it is hidden from screen readers. */}
      <Menu
        id="user-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{
          list: { 'aria-label': `Signed in as ${email}${isAdmin ? ', administrator' : ''}` },
        }}
      >
        <MenuHeading>
          <Typography variant="body2" fontWeight={600}>
            {email}
          </Typography>
          {isAdmin && (
            <Chip size="small" color="secondary" label="Administrator" sx={{ mt: 0.5 }} />
          )}
        </MenuHeading>
        <Divider />
        {accountLinks.map((link) => (
          <MenuLink key={link.to} to={link.to} onClose={() => setAnchor(null)}>
            {link.label}
            {link.to === paths.account.notifications && <UnreadCount count={unread} />}
          </MenuLink>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            onSignOut();
          }}
        >
          Sign Out
        </MenuItem>
      </Menu>
    </>
  );
}

function NavBarView() {
  const { user, isAdmin, dataUid } = useSession();
  const { settings } = useSiteSettings();
  const cart = useCart();
  const navigate = useNavigate();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const unread = useUnreadNotifications(dataUid);

  const handleSignOut = () => {
    void signOut().then(() =>
      setTimeout(() => void navigate(paths.home), AUTH_TIMINGS.signOutRedirectMs),
    );
  };

  const mobileLinks = [
    { label: 'All Competitions', to: paths.competitions },
    { label: 'Free Giveaways', to: paths.free },
    { label: 'Winners', to: paths.winners },
    ...(user ? [{ label: 'Entry Lists', to: paths.entries }] : []),
    { label: 'Cart', to: paths.cart },
    ...(user ? [{ label: 'My Account', to: paths.account.root }] : []),
    ...(user ? [{ label: 'Notifications', to: paths.account.notifications }] : []),
    ...(isAdmin ? [{ label: 'Admin Dashboard', to: paths.admin.root }] : []),
  ];

  // fixed: stays at the top while the page scrolls; static: scrolls away with the page;
  // transparent: scrolls away too, without a bar colour, in the page's text colour.
  const navbarStyle = settings.themeNavbarStyle;
  const transparent = navbarStyle === 'transparent';
  return (
    <AppBar
      position={navbarStyle === 'fixed' ? 'sticky' : 'static'}
      color={transparent ? 'transparent' : 'primary'}
      elevation={transparent ? 0 : undefined}
      data-navbar-style={navbarStyle}
      sx={
        transparent ? { color: 'text.primary', borderBottom: 1, borderColor: 'divider' } : undefined
      }
    >
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: 1 }}>
          <IconButton
            color="inherit"
            aria-label="Open menu"
            sx={{ display: { md: 'none' } }}
            onClick={() => setDrawerOpen(true)}
          >
            <MenuIcon />
          </IconButton>
          <Typography
            component={RouterLink}
            to={paths.home}
            variant="h6"
            sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 800, mr: 2 }}
          >
            {settings.siteName}
          </Typography>
          <Box
            component="nav"
            aria-label="Main"
            sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, flexGrow: 1 }}
          >
            <DropdownMenu label="Competitions" links={competitionLinks} />
            <Button color="inherit" component={RouterLink} to={paths.free}>
              Free Giveaways
            </Button>
            <Button color="inherit" component={RouterLink} to={paths.winners}>
              Winners
            </Button>
            {user && (
              <Button color="inherit" component={RouterLink} to={paths.entries}>
                Entry Lists
              </Button>
            )}
            {isAdmin && (
              <DropdownMenu label="Admin" links={adminLinks} icon={<AdminPanelSettings />} />
            )}
          </Box>
          <Box sx={{ flexGrow: { xs: 1, md: 0 } }} />
          <IconButton
            color="inherit"
            component={RouterLink}
            to={paths.cart}
            aria-label={`Cart, ${cart.quantity} ${cart.quantity === 1 ? 'ticket' : 'tickets'}`}
          >
            {/* No badge at all for an empty cart: a hidden badge keeps showing its last count
                in the page's text (a cart just emptied by an order read "1" inside a link named
                "Cart, 0 tickets"). A full cart's total is shown whole, as the link names it,
                never capped as "999+". */}
            {cart.quantity > 0 ? (
              <Badge
                color="secondary"
                badgeContent={cart.quantity}
                max={MAX_CART_TICKETS}
                data-testid="cart-badge"
              >
                <ShoppingCart />
              </Badge>
            ) : (
              <ShoppingCart />
            )}
          </IconButton>
          {user ? (
            <UserMenu
              email={user.email ?? ''}
              isAdmin={isAdmin}
              unread={unread}
              onSignOut={handleSignOut}
            />
          ) : (
            <Button color="inherit" component={RouterLink} to={paths.auth} variant="outlined">
              Login
            </Button>
          )}
        </Toolbar>
      </Container>
      <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)}>
        <Box sx={{ width: 260 }} role="presentation" onClick={() => setDrawerOpen(false)}>
          {/* A list holds list items only (axe: list); the link sits inside each. */}
          <List subheader={<ListSubheader>{settings.siteName}</ListSubheader>}>
            {mobileLinks.map((link) => (
              <ListItem key={link.to} disablePadding>
                <ListItemButton component={RouterLink} to={link.to}>
                  <ListItemText primary={link.label} />
                  {link.to === paths.account.notifications && <UnreadCount count={unread} />}
                </ListItemButton>
              </ListItem>
            ))}
            <ListItem disablePadding>
              {user ? (
                <ListItemButton onClick={handleSignOut}>
                  <ListItemText primary="Sign Out" />
                </ListItemButton>
              ) : (
                <ListItemButton component={RouterLink} to={paths.auth}>
                  <ListItemText primary="Login" />
                </ListItemButton>
              )}
            </ListItem>
          </List>
        </Box>
      </Drawer>
    </AppBar>
  );
}

/** Reads its own state: the layout re-rendering (new settings, another page) leaves it be. */
export const NavBar = memo(NavBarView);
