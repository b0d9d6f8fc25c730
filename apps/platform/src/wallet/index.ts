export { CASHIER_ACCOUNT, Ledger, PROMOTIONS_ACCOUNT, walletAccount, type TransferRequest, type TransferResult } from './ledger.ts';
export { walletRoutes } from './wallet-routes.ts';
export { TransactionHistory } from './transaction-history.ts';
