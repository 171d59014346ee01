/**
 * The sats-connect face's listeners (`accountChange`, `networkChange`, `disconnect`), told of the
 * shared core's changes in sats-connect's event shapes. A site hears them only while it is
 * authorized: the wallet tells no one else which account or network its user picked.
 */
import type { WalletCore } from './core.js'
import { invalidParams } from './errors.js'
import { satsConnectNetwork } from './networks.js'
import type {
  ListenerInfo,
  SatsConnectAddress,
  SatsConnectEventName,
  SatsConnectEvents,
  SatsConnectProvider,
} from './sats-connect-types.js'

const EVENT_NAMES: readonly SatsConnectEventName[] = [
  'accountChange',
  'networkChange',
  'disconnect',
]

type AnyListener = (event: SatsConnectEvents[SatsConnectEventName]) => void

export function createSatsConnectEvents(
  core: WalletCore,
  addresses: () => SatsConnectAddress[],
): { addListener: SatsConnectProvider['addListener'] } {
  const listeners = new Map<SatsConnectEventName, Set<AnyListener>>(
    EVENT_NAMES.map((name) => [name, new Set()]),
  )
  const emit = <Name extends SatsConnectEventName>(name: Name, event: SatsConnectEvents[Name]) => {
    for (const listener of [...listeners.get(name)!]) listener(event)
  }

  core.on((event) => {
    if (event === 'disconnect') emit('disconnect', { type: 'disconnect' })
    else if (!core.isAuthorized()) return
    else if (event === 'account')
      emit('accountChange', { type: 'accountChange', addresses: addresses() })
    else {
      emit('networkChange', {
        type: 'networkChange',
        ...satsConnectNetwork(core.network()),
        addresses: addresses(),
      })
    }
  })

  function addListener(
    info: ListenerInfo | SatsConnectEventName,
    cb?: (event: never) => void,
  ): () => void {
    // sats-connect's addListener({ eventName, cb }), or the older addListener(eventName, cb).
    const [name, callback] =
      typeof info === 'string' ? [info, cb] : [info?.eventName, info?.cb as unknown]
    if (!EVENT_NAMES.includes(name as SatsConnectEventName) || typeof callback !== 'function') {
      throw invalidParams(
        `addListener takes one of ${EVENT_NAMES.join(', ')} and a function; got ${String(name)}`,
      )
    }
    const set = listeners.get(name as SatsConnectEventName)!
    const listener = callback as AnyListener
    set.add(listener)
    return () => {
      set.delete(listener)
    }
  }

  return { addListener: addListener as SatsConnectProvider['addListener'] }
}
