// A bench script's command line: `--help` prints its help and ends; `option(name, fallback)` reads `--name value`.
export function benchOptions(help) {
  const args = process.argv.slice(2);
  if (args.includes('--help')) {
    console.log(help);
    process.exit(0);
  }
  return {
    args,
    has: (name) => args.includes(name),
    option: (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback),
  };
}
