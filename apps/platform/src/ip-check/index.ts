export { CountryDatabase, countryDatabaseFiles, type CountryDatabaseStats } from './country-database.ts';
export { isLan, LAN_RANGES, parseIp, type IpAddress } from './ip-address.ts';
export { IpCheck, type Caller } from './ip-check.ts';
export { registerIpCheck } from './ip-check-routes.ts';
export { requirePermittedCountry } from './permitted-country.ts';
