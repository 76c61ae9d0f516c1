import { paths } from '@/config/paths';

export const competitionLinks = [
  { label: 'All Competitions', to: paths.competitions },
  { label: 'Cash Prizes', to: paths.cash },
  { label: 'Tech Prizes', to: paths.tech },
  { label: 'Cars & Vehicles', to: paths.cars },
  { label: 'Charity Raffles', to: paths.charity },
] as const;

export const accountLinks = [
  { label: 'My Account', to: paths.account.root },
  { label: 'My Tickets', to: paths.account.tickets },
  { label: 'My Orders', to: paths.account.orders },
  { label: 'Saved Raffles', to: paths.account.saved },
  { label: 'Notifications', to: paths.account.notifications },
  { label: 'Support', to: paths.account.support },
  { label: 'Settings', to: paths.account.settings },
] as const;

export const adminLinks = [
  { label: 'Dashboard', to: paths.admin.root },
  { label: 'Raffles', to: paths.admin.raffles },
  { label: 'Users', to: paths.admin.users },
  { label: 'Tickets', to: paths.admin.tickets },
  { label: 'Orders', to: paths.admin.orders },
  { label: 'Support', to: paths.admin.support },
  { label: 'Notifications', to: paths.admin.notifications },
  { label: 'Carousel', to: paths.admin.carousel },
  { label: 'Manual Entry', to: paths.admin.manualEntry },
  { label: 'Settings', to: paths.admin.settings },
] as const;
