import { PromoCodesAdmin } from '@/features/admin/promoCodes/components/PromoCodesAdmin';

/** Promo codes: created, changed and switched on or off here; applied at checkout. */
export default function PromoCodesPage() {
  return <PromoCodesAdmin />;
}
