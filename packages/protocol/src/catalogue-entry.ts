/** Connect's error codes as its JSON wire form spells them. */
export type ConnectCodeName =
  | 'canceled'
  | 'unknown'
  | 'invalid_argument'
  | 'deadline_exceeded'
  | 'not_found'
  | 'already_exists'
  | 'permission_denied'
  | 'resource_exhausted'
  | 'failed_precondition'
  | 'aborted'
  | 'out_of_range'
  | 'unimplemented'
  | 'internal'
  | 'unavailable'
  | 'data_loss'
  | 'unauthenticated';

/** One entry of the error catalogue (errors.ts). */
export interface CatalogueEntry {
  code: number;
  connect: ConnectCodeName | readonly [ConnectCodeName, ConnectCodeName, ...ConnectCodeName[]];
  text: string;
}
