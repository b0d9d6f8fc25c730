/** Written to {DATA_DIR}/rules.md on first use, for the operator to edit. */
export const DEFAULT_RULES = `# Rules

These rules apply to every game played through this portal. By playing you accept them. The operator
may change them; the version shown here is the one in force.

## Who may play

- You must be at least 18 years old, or older where local law requires it.
- One account per person. Accounts are personal and may not be shared, sold or lent.
- Keep your password to yourself. Change it at once on the Profile page if you think someone else knows it.

## Your balance

- Your balance is held in Turkish lira (TRY). Every deposit, withdrawal, transfer and payout is listed
  on the Transactions page with the balance after it.
- Money you transfer to a machine (Cash In) leaves your balance and becomes credit on that machine.
  Credit you collect (Cash Out) returns to your balance.
- A transfer the machine could not accept is cancelled and the amount returns to your balance.

## Playing a machine

- The machines are real slot machines, shown to you over live video. The machine itself decides every
  outcome; the video only shows it.
- One player at a time plays a machine. Your seat stays yours for a short time if you are disconnected,
  so you can reconnect and continue or cash out.
- A session that stays idle may be closed; any credit left on the machine is cashed out to your balance.
- Every session is listed on the Slot Sessions page with its cash in, cash out and spins.

## Malfunctions

- A malfunction voids all pays and plays affected by it.
- If the connection is lost, the game on the machine continues only as far as it already started; no
  new spin starts without you. Credit on the machine is never lost: it is cashed out to your balance.

## Hand pays and jackpots

- Wins that a machine pays by hand (hand pay) and jackpots are credited to your balance once they are
  confirmed by the operator.

## Bonuses

- Discount, bonus and weekly bonus offers follow their own conditions shown when you take them.
- The weekly bonus pays out at most 10 times the bonus received and at most 100,000 TL.

## Responsible play

- Play for entertainment, never to make money. Set yourself limits and take breaks.
- If you want a break or to close your account, contact us and we will help.

## Complaints

Contact us with the date and time, the machine and what happened. Every session and transaction is
recorded and will be checked.
`;
