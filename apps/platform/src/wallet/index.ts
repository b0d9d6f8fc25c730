export * from './accounts.ts';
export { Ledger, type CashierRequest, type TransferRequest, type TransferResult } from './ledger.ts';
export { registerWallet } from './wallet-routes.ts';
export { TransactionHistory } from './transaction-history.ts';
export { lockWallet, playMoneySince, type PlayMoney } from './play-money.ts';
