/**
 * Every string the frame's approval UI shows: the frame has no other UI, and no framework to hold
 * a catalogue. What the request itself carries (a message, a contract's name, the app's name) is
 * inserted as text, never as markup.
 */
export const frameMessages = {
  approve: 'Approve',
  decline: 'Decline',
  requestedBy: (name: string, url?: string) => `Requested by ${name}${url ? ` (${url})` : ''}`,
  title: {
    personalSign: 'Sign message',
    signTypedData: 'Sign typed data',
    sendTransaction: 'Send transaction',
  },
  field: {
    primaryType: 'Type',
    domainName: 'Domain',
    domainVersion: 'Version',
    chain: 'Chain',
    contract: 'Contract',
    salt: 'Salt',
    network: 'Network',
    to: 'To',
    value: 'Value (wei)',
    data: 'Data',
    message: 'Message',
  },
  /** A typed-data domain field the request left out: said, so its absence is seen. */
  notGiven: 'not given',
  newContract: '(new contract)',
  chainCurrent: (id: string, network: string) => `${id} (${network})`,
  chainOther: (id: string, network: string) => `${id}: not the current network (${network})`,
}

export type FrameMessages = typeof frameMessages
