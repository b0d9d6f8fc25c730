/** Written to {DATA_DIR}/information.md on first use, for the operator to edit (the portal's Information dialog). */
export const DEFAULT_INFORMATION = `# Information

Welcome. Every machine in the lobby is a real cabinet in our hall: what you see is its live video, and
your presses reach it within a fraction of a second.

- **Playing**: open a machine from the lobby, move money onto it from your balance with the wallet
  button, and press Spin. Collect returns the machine's credit to your balance.
- **Your money**: every movement is on the Transactions page, every game on the Slot Sessions page.
- **Help**: write to us from the contact links at the bottom of the page.

Please play responsibly. The Rules page says what applies to every game.
`;
