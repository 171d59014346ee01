import type { LatchStorage } from '../../storage/latch-storage.js'
import type { FlowControlEvent } from '../flow.js'
import type { FarcasterFailure } from './farcaster-failure.js'

/** The sign-in's storage (SPEC §3, §4): a slice of core's `LatchStorage`, so tests hand a memory store. */
export type FarcasterLoginStorage = Pick<LatchStorage, 'recordSocialLogin'>

/** What the Farcaster sign-in machine is started with. */
export interface FarcasterLoginInput {
  readonly storage: FarcasterLoginStorage
  /** Started at once (a run): a sign-in begins, as START would begin it. */
  readonly autoStart?: boolean
}

/** The frame's answer to CONNECT_FARCASTER that the sign-in keeps (SPEC §3 Frame user). */
export interface FarcasterLoginUser {
  /** The Farcaster username (the app's, else the last known): SPEC §3's social username. */
  readonly userName?: string
}

export interface FarcasterLoginContext {
  readonly storage: FarcasterLoginStorage
  readonly autoStart: boolean
  /**
   * SPEC §3 account state `farcasterUrl`: the sign-in link of the channel under way (the QR
   * code and the deep link), from GET_FARCASTER_URI.
   */
  farcasterUrl?: string
  /** How the last attempt failed; cleared by the next one. */
  failure?: FarcasterFailure
}

export type FarcasterLoginEvent =
  /**
   * What the root tells every run (flows/flow.ts): RETRY and END (an AUTH connect still pending
   * is abandoned) are handled; REQUEST (another click: the sign-in on show goes on) ignored.
   */
  | FlowControlEvent
  /** A sign-in starts (a new channel; one under way is abandoned). */
  | { type: 'START' }
  /** Try again: a new channel, so a new QR code. */
  | { type: 'RETRY' }
  /** The view was left (Back, the modal closed): the sign-in stops. */
  | { type: 'CANCEL' }
  /** A connection connected; the sign-in waits for the AUTH connector's. */
  | { type: 'CONNECTED'; connectorId: string }
  /** The connect after the sign-in failed. */
  | { type: 'CONNECT_FAILED'; error: unknown }

export type FarcasterLoginEmitted =
  /** The frame holds a session for the Farcaster account: connect the AUTH connector. */
  | { type: 'loggedIn'; username?: string }
  /** The AUTH connector is connected: the sign-in is done. */
  | { type: 'connected' }
  /** The attempt ended without a session; the failure is also in the context. */
  | { type: 'failed'; failure: FarcasterFailure }
