import type { ActorRefFrom } from 'xstate'
import type { FlowRuntime } from '../flow.js'
import { pairingRunMachine } from './pairing.machine.js'

/** The QR views' run, while one of them is on show. */
export type PairingRefs = { readonly pairing?: ActorRefFrom<typeof pairingRunMachine> }

/** The pairing flow's runtime part: a run per QR view (and chosen wallet) on show. */
export const pairingRuntime: FlowRuntime<PairingRefs, Record<never, never>> = ({ port }) => ({
  services: {},
  start({ spawn, route }) {
    const walletId = route?.view === 'ConnectingWalletConnect' ? route.data.walletId : undefined
    const input = {
      walletConnect: port.walletConnect,
      connection: port.connection,
      directory: port.io.walletDirectory.directory,
      ...(walletId ? { walletId } : {}),
    }
    return { pairing: spawn(pairingRunMachine, { systemId: 'pairing', input }) }
  },
})
