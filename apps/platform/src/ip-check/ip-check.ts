import { AuditType, ErrorCode, LAN_COUNTRY, UNKNOWN_COUNTRY, type IpCheckAnswer } from '@reelcast/protocol';
import type { AuditLog } from '../audit/index.ts';
import type { SettingsFile } from '../settings/index.ts';
import { DomainError, type Clock } from '../shared/index.ts';
import { sharedCountryDatabase, type CountryDatabase, type CountryDatabaseStats } from './country-database.ts';
import { isLan, parseIp } from './ip-address.ts';

/** Who a refused request was from, as far as it is known, for the audit log. */
export interface Caller {
  username: string;
  playerId?: number | null;
}

export interface Attempt {
  /** The route refused, e.g. `POST /login`. */
  route: string;
  /** Asked only when the request is refused. */
  caller: () => Caller | Promise<Caller>;
}

/**
 * The IP / country check (docs/ip-check.md). A client address is 'LAN' in the operator's own network,
 * else the country the shipped database gives it, else 'ZZ'. While Settings.json's `ipCheck` is on
 * (read live), only LAN and PERMITTED_COUNTRIES are let in: GET /check tells the portal, and the
 * sign-in, money and seat routes refuse anyone else with 10703, audited.
 */
export class IpCheck {
  readonly #settings: SettingsFile;
  readonly #permitted: ReadonlySet<string>;
  readonly #audit: AuditLog;
  readonly #now: Clock;
  readonly #database: () => Promise<CountryDatabase>;

  constructor(deps: {
    settings: SettingsFile;
    permittedCountries: readonly string[];
    audit: AuditLog;
    clock: Clock;
    database?: () => Promise<CountryDatabase>;
  }) {
    this.#settings = deps.settings;
    this.#permitted = new Set(deps.permittedCountries);
    this.#audit = deps.audit;
    this.#now = deps.clock;
    this.#database = deps.database ?? sharedCountryDatabase;
  }

  /** Whether the check is on: Settings.json's `ipCheck`, read again when the file changes. */
  async enabled(): Promise<boolean> {
    return (await this.#settings.read()).ipCheck;
  }

  /** Loads the database now instead of at the first lookup (the platform does when the check is on at start). */
  async warm(): Promise<CountryDatabaseStats> {
    return (await this.#database()).stats;
  }

  /** 'LAN', an ISO 3166 alpha-2 code, or 'ZZ' (not an address, or a public one the database does not place). */
  async countryOf(ip: string): Promise<string> {
    const address = parseIp(ip);
    if (!address) return UNKNOWN_COUNTRY;
    if (isLan(address)) return LAN_COUNTRY;
    return (await this.#database()).countryOf(address);
  }

  /** LAN is always let in; a country only when PERMITTED_COUNTRIES names it ('ZZ' never, unless named). */
  isPermitted(country: string): boolean {
    return country === LAN_COUNTRY || this.#permitted.has(country);
  }

  /** GET /check: allowed `{ 1, 20000 }` or blocked `{ 0, 0 }`; everyone is allowed while the check is off. */
  async check(ip: string): Promise<IpCheckAnswer> {
    const [country, enabled] = await Promise.all([this.countryOf(ip), this.enabled()]);
    return !enabled || this.isPermitted(country)
      ? { status: 1, code: ErrorCode.Success, ip, country }
      : { status: 0, code: 0, ip, country };
  }

  /**
   * While the check is on, refuses a client outside the permitted countries: `not allowed` in the audit
   * log with `{ reason: 'country', country, route }`, then 10703. `ip` undefined (an agent that did not
   * say where its player is) is refused like an address the database does not place.
   */
  async requirePermitted(ip: string | undefined, attempt: Attempt): Promise<void> {
    if (!(await this.enabled())) return;
    const country = await this.countryOf(ip ?? '');
    if (this.isPermitted(country)) return;
    const caller = await attempt.caller();
    await this.#audit.write(
      {
        type: AuditType.NotAllowed,
        username: caller.username,
        ip: ip ?? '',
        playerId: caller.playerId ?? null,
        detail: { reason: 'country', country, route: attempt.route },
      },
      this.#now(),
    );
    throw new DomainError(ErrorCode.IpNotPermitted);
  }
}
