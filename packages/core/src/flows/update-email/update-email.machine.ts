import { assign, emit, fromPromise, raise, setup } from 'xstate'
import { LatchError } from '../../errors/latch-error.js'
import type { LatchStorage } from '../../storage/latch-storage.js'
import type { AuthFailure } from '../../auth/auth-errors.js'
import {
  emailOf,
  INVALID_CODE,
  INVALID_EMAIL,
  isCode,
  onFailure,
  startingState,
} from '../../auth/flow-steps.js'
import type { FlowControlEvent } from '../flow.js'

/** SPEC §4: which code the frame waits for first after UPDATE_EMAIL. */
export type UpdateEmailAction = 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP'

export interface UpdateEmailInput {
  /** Where the new email is stored on success (SPEC §4). */
  readonly storage: Pick<LatchStorage, 'set'>
  /** Submitted at once (the address a code view was opened for). */
  readonly email?: string
}

export interface UpdateEmailContext {
  readonly storage: Pick<LatchStorage, 'set'>
  /** The address the run was started with, submitted on entry. */
  readonly initialEmail?: string
  /** The address the login moves to. */
  newEmail?: string
  error?: AuthFailure
}

export type UpdateEmailEvent =
  /** What the root tells every run (flows/flow.ts); ignored here. */
  | FlowControlEvent
  | { type: 'SUBMIT_EMAIL'; email: string }
  | { type: 'SUBMIT_CODE'; otp: string }
  | { type: 'EDIT_EMAIL' }

export type UpdateEmailEmitted =
  /** Show the view for the code now awaited: to the current address, then to the new one. */
  | { type: 'awaiting'; step: 'primary' | 'secondary'; email: string }
  /** The login's email is now `email` (stored). */
  | { type: 'emailUpdated'; email: string }
  | { type: 'failed'; error: AuthFailure }

const notProvided = () => Promise.reject(new LatchError('FRAME_NOT_SET'))
const codeOf = (event: UpdateEmailEvent) => (event.type === 'SUBMIT_CODE' ? event.otp : '')

/** A code step waits for the visitor: it is told (emitted) and its view shown. */
const awaiting = (step: 'primary' | 'secondary') => [
  { type: 'emitAwaiting' as const, params: step },
  {
    type: 'showStep' as const,
    params: ({ context }: { context: UpdateEmailContext }) => ({
      step,
      email: context.newEmail ?? '',
    }),
  },
]

/**
 * SPEC §4 email update: UPDATE_EMAIL, then the primary step (a code sent to the current address,
 * VERIFY_PRIMARY_OTP), then the secondary step (a code sent to the new address,
 * VERIFY_SECONDARY_OTP), whose success stores the new email. The frame calls are the actors
 * `updateEmail`, `verifyPrimary` and `verifySecondary`, provided from the frame client.
 */
export const updateEmailMachine = setup({
  types: {
    input: {} as UpdateEmailInput,
    context: {} as UpdateEmailContext,
    events: {} as UpdateEmailEvent,
    emitted: {} as UpdateEmailEmitted,
  },
  actors: {
    updateEmail: fromPromise<{ action: UpdateEmailAction }, { email: string }>(notProvided),
    verifyPrimary: fromPromise<void, { otp: string }>(notProvided),
    verifySecondary: fromPromise<{ newEmail: string }, { otp: string }>(notProvided),
  },
  guards: {
    isInvalidEmail: ({ event }) => event.type === 'SUBMIT_EMAIL' && !emailOf(event.email),
    isInvalidCode: ({ event }) => event.type === 'SUBMIT_CODE' && !isCode(event.otp),
    hasInitialEmail: ({ context }) => context.initialEmail !== undefined,
  },
  actions: {
    /** A run started for an address submits it at once, as the field would. */
    submitInitial: raise(({ context }) => ({
      type: 'SUBMIT_EMAIL' as const,
      email: context.initialEmail ?? '',
    })),
    rejectEmail: assign({ error: INVALID_EMAIL }),
    rejectCode: assign({ error: INVALID_CODE }),
    takeEmail: assign(({ event }) => ({
      newEmail: event.type === 'SUBMIT_EMAIL' ? emailOf(event.email) : undefined,
      error: undefined,
    })),
    clearError: assign({ error: undefined }),
    failWith: assign((_, error: AuthFailure) => ({ error })),
    emitFailed: emit((_, error: AuthFailure) => ({ type: 'failed' as const, error })),
    emitAwaiting: emit(({ context }, step: 'primary' | 'secondary') => ({
      type: 'awaiting' as const,
      step,
      email: context.newEmail ?? '',
    })),
    storeEmail: ({ context }, email: string) => context.storage.set('email', email),
    emitUpdated: emit((_, email: string) => ({ type: 'emailUpdated' as const, email })),
    /** Shows the step's code view: the flow's runtime provides it (it moves the modal). */
    showStep: (_, _step: { step: 'primary' | 'secondary'; email: string }) => undefined,
    /** The login moved to `email`: the flow's runtime tells the connection. */
    finish: (_, _email: string) => undefined,
    /** The update is done: the flow's runtime goes back to the view it came from. */
    leave: () => undefined,
  },
}).createMachine({
  id: 'updateEmail',
  context: ({ input }) => ({
    storage: input.storage,
    ...(input.email !== undefined ? { initialEmail: input.email } : {}),
  }),
  initial: 'starting',
  states: {
    /** Transient: a run started for an address submits it at once. */
    starting: startingState,
    enteringEmail: {
      on: {
        SUBMIT_EMAIL: [
          { guard: 'isInvalidEmail', actions: 'rejectEmail' },
          { target: 'requesting', actions: 'takeEmail' },
        ],
      },
    },
    requesting: {
      invoke: {
        src: 'updateEmail',
        input: ({ context }) => ({ email: context.newEmail ?? '' }),
        onDone: [
          {
            guard: ({ event }) => event.output.action === 'VERIFY_SECONDARY_OTP',
            target: 'enteringSecondaryOtp',
          },
          { target: 'enteringPrimaryOtp' },
        ],
        onError: { target: 'enteringEmail', ...onFailure },
      },
    },
    enteringPrimaryOtp: {
      entry: awaiting('primary'),
      on: {
        SUBMIT_CODE: [
          { guard: 'isInvalidCode', actions: 'rejectCode' },
          { target: 'verifyingPrimary', actions: 'clearError' },
        ],
        EDIT_EMAIL: { target: 'enteringEmail', actions: 'clearError' },
      },
    },
    verifyingPrimary: {
      invoke: {
        src: 'verifyPrimary',
        input: ({ event }) => ({ otp: codeOf(event) }),
        onDone: 'enteringSecondaryOtp',
        onError: { target: 'enteringPrimaryOtp', ...onFailure },
      },
    },
    enteringSecondaryOtp: {
      entry: awaiting('secondary'),
      on: {
        SUBMIT_CODE: [
          { guard: 'isInvalidCode', actions: 'rejectCode' },
          { target: 'verifyingSecondary', actions: 'clearError' },
        ],
      },
    },
    verifyingSecondary: {
      invoke: {
        src: 'verifySecondary',
        input: ({ event }) => ({ otp: codeOf(event) }),
        onDone: {
          target: 'updated',
          actions: [
            { type: 'storeEmail', params: ({ event }) => event.output.newEmail },
            { type: 'emitUpdated', params: ({ event }) => event.output.newEmail },
            { type: 'finish', params: ({ event }) => event.output.newEmail },
          ],
        },
        onError: { target: 'enteringSecondaryOtp', ...onFailure },
      },
    },
    updated: { type: 'final', entry: 'leave' },
  },
})
