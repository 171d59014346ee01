import { authConnector, startEmailLogin, type Route } from '@latch/core'
import {
  scene,
  storyDirectory,
  storyWallet,
  type StoryKit,
  type StoryLatchInput,
} from './story-latch.js'
import { scriptedFrame, type ScriptedFrame } from '@latch/core/testing'

/** The frame's answers in the email stories: a code is sent, the code and updates are accepted. */
const handlers: Parameters<typeof scriptedFrame>[0] = {
  CONNECT_EMAIL: () => ({ action: 'VERIFY_OTP' }),
  CONNECT_OTP: () => undefined,
  UPDATE_EMAIL: () => ({ action: 'VERIFY_PRIMARY_OTP' }),
  UPDATE_EMAIL_PRIMARY_OTP: () => undefined,
}

/** The server the stories name: never reached (its project config and directory are refused). */
const STORY_AUTH_SERVER = 'http://127.0.0.1:4000'

/**
 * A story with the embedded wallet on (email and social login): a Latch server named (so their
 * sections show), its calls refused in memory, and `input`'s scripted secure frame (and popups).
 */
export function authScene(
  input: Pick<StoryLatchInput, 'authFrame' | 'socialPopup'>,
  reach: (kit: StoryKit) => Promise<void> | void,
) {
  return scene(
    {
      wallets: [storyWallet('auth', 'Email', { type: 'AUTH' })],
      directory: storyDirectory(0),
      options: { serverUrl: STORY_AUTH_SERVER },
      fetch: async () => new Response('unavailable', { status: 503 }),
      ...input,
    },
    reach,
  )
}

/** A story with email on (see {@link authScene}); `reach` drives it to the story's state. */
export function emailScene(
  reach: (kit: StoryKit, frame: ScriptedFrame) => Promise<void> | void,
  frameHandlers: Parameters<typeof scriptedFrame>[0] = handlers,
) {
  const frame = scriptedFrame(frameHandlers)
  return authScene({ authFrame: frame.authFrame }, (kit) => reach(kit, frame))
}

/** Waits until the modal shows `view`. */
export const untilView = (kit: StoryKit, view: Route['view']) =>
  kit.until(kit.latch.modal, (s) => s.context.history.at(-1)?.view === view)

/** Connects the embedded wallet as a login does: CONNECT with the AUTH connector. */
export async function connectAuth(kit: StoryKit): Promise<void> {
  kit.latch.connection.send({ type: 'CONNECT', connector: authConnector, namespace: 'eip155' })
  await kit.until(kit.latch.connection, (s) =>
    s.context.connections.some((c) => c.connectorId === authConnector.id),
  )
}

/** Submits the email field on Connect, as the view does: core's email login starts. */
export async function submitEmail(kit: Pick<StoryKit, 'latch'>, email: string): Promise<void> {
  await kit.latch.ready()
  kit.latch.actor.send(startEmailLogin(email))
}

/** Starts an email update as the view does: UpdateEmailWallet shows, its field is submitted. */
export async function startUpdate(kit: Pick<StoryKit, 'latch'>, email: string): Promise<void> {
  await kit.latch.ready()
  kit.latch.open({ route: { view: 'UpdateEmailWallet' } })
  kit.latch.updateEmail?.send({ type: 'SUBMIT_EMAIL', email })
}
