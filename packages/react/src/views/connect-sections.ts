import type { ConnectMethod } from '@latch/core'
import { createContext, useContext, type ComponentType } from 'react'

/** Each connect method's section on Connect: the email field, the social buttons, the wallets. */
export type ConnectSections = Readonly<Record<ConnectMethod, ComponentType>>

/**
 * The slot Connect places the connect methods' sections through (SPEC §2: in core's order). The
 * sections belong to their own flows (email, social, choose-wallet); the registry, the one module
 * that imports every flow, fills the slot, and `ViewOutlet` provides it, so Connect imports none
 * of them. Its own module, which imports no view.
 */
export const ConnectSectionsContext = createContext<ConnectSections | null>(null)

/** The connect methods' sections, as the registry composed them. */
export function useConnectSections(): ConnectSections {
  const sections = useContext(ConnectSectionsContext)
  if (!sections)
    throw new Error('Connect must be rendered by ViewOutlet, which gives its sections.')
  return sections
}
