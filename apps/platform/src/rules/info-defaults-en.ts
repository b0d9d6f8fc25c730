import type { InfoDefaults } from './info-pages.ts';

/** English: written to {DATA_DIR}/info/{page}.md on first use, for the operator to edit; the fallback of every language. */
export const englishInfoDefaults: InfoDefaults = (facts) => ({
  'password-reset': `# Password Reset Procedure

There is no automatic password reset by email or text message on this site. You change your password
yourself on the Profile page, or our support team helps you when you cannot sign in.

## You know your password and want a new one

1. Sign in and open **Profile**.
2. Enter your current password, then your new password twice. It must be at least ${facts.minPasswordLength} characters long.
3. Save. Your other sign-ins (other browsers and devices) end at once; the one you are using stays signed in.

If you think someone else knows your password, change it straight away.

## You entered a wrong password too many times

After ${facts.loginMaxFailures} wrong passwords within ${facts.loginWindowMinutes} minutes, signing in to your account is blocked
for ${facts.loginBlockMinutes} minutes, even with the right password. Wait until the block ends and try again, or contact
us: our support team can lift the block sooner.

## You forgot your password

1. Contact us through the contact links at the bottom of the page or on the login page.
2. Tell us your username. We check that the account is yours before we change anything.
3. We tell you how your access is restored.

We never ask for your password, by message or by phone: nobody in our team needs it.
`,

  'game-rules-and-content': `# Game Rules and Content

## What you play

Every machine in the lobby is a slot machine you play remotely: you watch it over live video and your
presses reach it over the network. The machine decides every outcome with its own random number
generator; the video only shows it.

## How a game works

- Open a machine from the lobby and move money from your balance onto it (Cash In). It becomes the
  machine's credit.
- Choose your bet and press **Spin**. The bet is taken from the credit and wins are added to it.
- **Max Bet** selects the highest bet; it does not spin.
- **Autoplay** spins for you until you stop it, your credit is lower than the bet, or the machine stops.
- **Collect** (Cash Out) returns the whole credit to your balance.

## Pays

The symbols, pays, paylines and return to player of each game are on the
[Paytables](/paytables.html) page. A win at or above the hand-pay limit, and a jackpot, is not put
on the machine: the operator pays it to your balance once it is confirmed, and the machine stays
locked until then.

## If your connection drops

Your seat is kept for a short time so you can come back and continue. No new spin starts without
you. Credit on the machine is never lost: if you do not come back, it is cashed out to your balance.

## Malfunctions

A malfunction voids all pays and plays affected by it. Every spin, cash in and cash out is recorded;
your own records are on the Slot Sessions and Transactions pages.
`,

  'player-protection-information': `# Player Protection Information

Gambling should be entertainment, never a way to make money. This page says how we protect you and
where to find help.

## Age

You must be at least 18 years old, or older where local law requires it, to hold an account. We may
ask for proof of age and close the account of anyone under age.

## Stay in control

- Decide before you play how much money and time you will spend, and stop when you reach it.
- Do not chase losses. Never play with money you need for rent, bills or food.
- Take regular breaks. A machine you leave idle is closed and its credit returns to your balance.
- Your Transactions and Slot Sessions pages list every deposit, game and payout: look at them.

## Your account is yours

Do not share your account or your password, and sign out on a shared device. The
[Password Reset Procedure](/password-reset.html) says what to do if someone else may know your password.

## Taking a break

If you want to stop playing for a while or close your account, contact us through the contact links.
We can block sign-in to your account for as long as you ask.

## Getting help

If gambling is no longer fun, or you play more than you meant to, talk to someone you trust and
contact a support organisation for problem gambling in your country.
`,

  'terms-of-use': `# Terms of Use

By opening an account and using this site you accept these terms. The operator may change them; the
version on this page is the one in force.

## The service

You play real slot machines remotely, over live video. Use the service only where it is legal for you.

## Your account

- One account per person, at least 18 years old. The details you give must be true.
- Accounts are personal: they may not be shared, sold or lent.
- Keep your password secret. What is done with your account counts as done by you.

## Your money

- Your balance and every movement of it (deposits, withdrawals, cash in, cash out, payouts) are listed
  on the Transactions page.
- An amount credited by mistake, or by a malfunction, may be corrected.

## Fair play

Bots, scripts, automation other than the machine's own Autoplay, and the use of a fault are not
allowed. We may suspend an account that breaks these terms, and withhold winnings obtained that way.

## Availability

Machines may be offline for maintenance, and the video depends on your connection. Credit on a
machine is never lost when a connection drops.

## Bonuses

Discount, bonus and weekly bonus offers follow the conditions shown when you take them. The weekly
bonus pays out at most 10 times the bonus received and at most 100,000 TL.

## Contact

Questions and complaints: contact us through the contact links, with the date, the time and the
machine concerned.
`,

  'privacy-policy': `# Privacy Policy

This page says which data about you this site keeps, why, and what you can ask of us.

## What we keep

- **Your account**: username, name, last name, email address, and the settings you save (layout,
  theme, shortcuts).
- **Your sign-ins**: the time and IP address of each sign-in and failed attempt, and the sessions
  that are signed in. You see the last ones in the menu.
- **Your money and play**: every transaction and every slot session, with its cash in, cash out and spins.
- **In your browser**: your sign-in token, your language and your settings, in the browser's local
  storage. There are no advertising or tracking cookies.

The live video shows the machine, not you: this site never uses your camera or microphone.

## Why

To run your account and your payments, to keep accounts safe (sign-in limits, fraud checks) and to
meet the record keeping the law requires of a gaming operator.

## Who sees it

The operator's staff, as far as their work needs. We do not sell your data. If a live-chat window is
offered on this site, its provider receives what you write in it.

## How long

As long as your account exists, and afterwards as long as the law requires for financial records.

## Your rights

You can ask for a copy of your data, have it corrected, or have it deleted where no legal duty
requires us to keep it. Contact us through the contact links.
`,

  paytables: `# Paytables

What each game on our machines pays. The tables are read from the machines' game software, so they
are always the ones in force. Line pays are multiples of the line bet, scatter pays multiples of the
total bet.
`,
});
