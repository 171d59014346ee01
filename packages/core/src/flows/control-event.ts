import type { Route } from '../router/routes.js'
import type { ConnectorsByNamespace } from '../wallets/wallet-item.js'

/**
 * What the root tells a run, whichever flow it is: every run's machine accepts these (and may
 * ignore them), so the root sends them without knowing the flow.
 */
export type FlowControlEvent =
  /** Try again, on the view on show (the visitor's button, or the host's `RETRY`). */
  | { type: 'RETRY' }
  /** Another route of the same run is on show (the code view after Connect, say). */
  | { type: 'ROUTE'; route: Route }
  /** The wallets the adapters discovered changed. */
  | { type: 'CONNECTORS'; connectors: ConnectorsByNamespace }
  /**
   * START_FLOW for the flow on show (a second click, say): the run takes `request` as its flow
   * defines it (a social login starts again with the click's popup), or ignores it.
   */
  | { type: 'REQUEST'; request: unknown }
  /**
   * The run is ending (its view left, the modal closed, the instance destroyed): it releases
   * what only it knows of (a popup). Stopping follows at once; what an invoked actor holds is
   * released by that actor's own cleanup.
   */
  | { type: 'END' }
