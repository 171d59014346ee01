// Who is asking, apart from the schemas that check it (sdk.ts): the start-up code (the directory
// client, the default RPC) needs these few lines, and none of the schemas.

/** SPEC §7: who is asking, sent on every call as `st` (sdk type) and `sv` (sdk version). */
export interface SdkInfo {
  type: string
  version: string
}

/** Latch's own sdk type and version. */
export const LATCH_SDK: SdkInfo = { type: 'latch', version: '0.0.0' }

/** The three parameters, for a URL's search. */
export function sdkParams(
  projectId: string,
  sdk: SdkInfo,
): Record<'projectId' | 'st' | 'sv', string> {
  return { projectId, st: sdk.type, sv: sdk.version }
}
