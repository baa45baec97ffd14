export { OCPN_ERROR_CODES, type OcpnError, type OcpnErrorCode, type OcpnField } from './errors.js';
export { parseOcpn, type OcpnParseOptions } from './parse.js';
export { ocpnToJson, type GuardingRights, type OcpnJson, type OcpnPosition } from './position.js';
export { INITIAL_OCPN, writeOcpn } from './write.js';
export { ocpnFormat } from './format.js';
