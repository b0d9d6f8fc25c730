/** SPEC §9 balance colours by transaction kind (shared: the UI reference pages show them too). */
export { balanceColors as kindColors } from '@/shared/theme/balance-colors';
