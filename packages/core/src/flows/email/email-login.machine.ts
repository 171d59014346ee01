import { assign, emit, fromPromise, raise, setup } from 'xstate'
import { LatchError } from '../../errors/latch-error.js'
import { EMAIL_LOGIN_COOLDOWN_MS } from '../../storage/latch-storage.js'
import { tooEarly, type AuthFailure } from '../../auth/auth-errors.js'
import { emailRequestSchema } from './email.views.js'
import type {
  ConnectEmailAction,
  EmailLoginContext,
  EmailLoginEmitted,
  EmailLoginEvent,
  EmailLoginInput,
} from './email-login.types.js'
import {
  emailOf,
  INVALID_CODE,
  INVALID_EMAIL,
  isCode,
  onFailure,
  startingState,
} from '../../auth/flow-steps.js'

const notProvided = () => Promise.reject(new LatchError('FRAME_NOT_SET'))

/** The address a START_FLOW request carries, when it is an email login's. */
function emailOfRequest(event: EmailLoginEvent): string | undefined {
  if (event.type !== 'REQUEST') return undefined
  const parsed = emailRequestSchema.safeParse(event.request)
  return parsed.success ? parsed.data.email : undefined
}

/** A step waits for the visitor: it is told (emitted) and its view shown. */
const awaiting = (step: 'otp' | 'device') => [
  { type: 'emitAwaiting' as const, params: step },
  {
    type: 'showStep' as const,
    params: ({ context }: { context: EmailLoginContext }) => ({ step, email: context.email ?? '' }),
  },
]

/**
 * SPEC §4 email login, in the SPEC's words: enteringEmail → sendingCode → enteringCode (or
 * verifyingDevice first, on a new device) → verifying → connected. The three frame calls are
 * invoked actors (`connectEmail`, `connectDevice`, `connectOtp`) the instance provides from its
 * frame client; leaving a state aborts its call. The SPEC §5 throttle is checked before each
 * code is asked for, and a successful login is recorded (SPEC §4) before `loggedIn` is emitted.
 */
export const emailLoginMachine = setup({
  types: {
    input: {} as EmailLoginInput,
    context: {} as EmailLoginContext,
    events: {} as EmailLoginEvent,
    emitted: {} as EmailLoginEmitted,
  },
  actors: {
    connectEmail: fromPromise<{ action: ConnectEmailAction }, { email: string }>(notProvided),
    connectDevice: fromPromise<void, { email: string }>(notProvided),
    connectOtp: fromPromise<void, { email: string; otp: string }>(notProvided),
  },
  guards: {
    isInvalidEmail: ({ event }) => event.type === 'SUBMIT_EMAIL' && !emailOf(event.email),
    isThrottled: ({ context }) => context.storage.emailLoginCooldownRemaining(context.now()) > 0,
    isInvalidCode: ({ event }) => event.type === 'SUBMIT_CODE' && !isCode(event.otp),
    isResending: ({ context }) => context.resending,
    hasInitialEmail: ({ context }) => context.initialEmail !== undefined,
  },
  actions: {
    /** A run started for an address submits it at once, as the field would. */
    submitInitial: raise(({ context }) => ({
      type: 'SUBMIT_EMAIL' as const,
      email: context.initialEmail ?? '',
    })),
    rejectEmail: assign({ error: INVALID_EMAIL }),
    rejectTooEarly: assign(({ context }) => ({
      error: tooEarly(context.storage.emailLoginCooldownRemaining(context.now())),
    })),
    rejectCode: assign({ error: INVALID_CODE }),
    /** Starts the cooldown as the code is asked for: the throttle counts attempts, not successes. */
    startAttempt: assign(({ context, event }) => {
      const now = context.now()
      context.storage.markEmailLoginAttempt(now)
      return {
        email: (event.type === 'SUBMIT_EMAIL' ? emailOf(event.email) : undefined) ?? context.email,
        resendAt: now + EMAIL_LOGIN_COOLDOWN_MS,
        resending: event.type === 'RESEND',
        error: undefined,
      }
    }),
    clearError: assign({ error: undefined }),
    failWith: assign((_, error: AuthFailure) => ({ error })),
    emitFailed: emit((_, error: AuthFailure) => ({ type: 'failed' as const, error })),
    emitAwaiting: emit(({ context }, step: 'otp' | 'device') => ({
      type: 'awaiting' as const,
      step,
      email: context.email ?? '',
    })),
    recordLogin: ({ context }) => {
      if (context.email) context.storage.recordEmailLogin(context.email)
    },
    emitLoggedIn: emit(({ context }) => ({
      type: 'loggedIn' as const,
      email: context.email ?? '',
    })),
    /** Shows the step's view: the flow's runtime provides it (it moves the modal). */
    showStep: (_, _step: { step: 'otp' | 'device'; email: string }) => undefined,
    /** The frame holds a session: the flow's runtime connects the AUTH connector. */
    connectWallet: () => undefined,
  },
}).createMachine({
  id: 'emailLogin',
  context: ({ input }) => ({
    storage: input.storage,
    now: input.now ?? Date.now,
    resending: false,
    ...(input.email !== undefined ? { initialEmail: input.email } : {}),
  }),
  initial: 'starting',
  states: {
    /** Transient: a run started for an address submits it at once. */
    starting: startingState,
    enteringEmail: {
      on: {
        // The field submitted again while the login is on show (START_FLOW): as a submit.
        REQUEST: {
          guard: ({ event }) => emailOfRequest(event) !== undefined,
          actions: raise(({ event }) => ({
            type: 'SUBMIT_EMAIL' as const,
            email: emailOfRequest(event) ?? '',
          })),
        },
        SUBMIT_EMAIL: [
          { guard: 'isInvalidEmail', actions: 'rejectEmail' },
          { guard: 'isThrottled', actions: 'rejectTooEarly' },
          { target: 'sendingCode', actions: 'startAttempt' },
        ],
      },
    },
    sendingCode: {
      invoke: {
        src: 'connectEmail',
        input: ({ context }) => ({ email: context.email ?? '' }),
        onDone: [
          { guard: ({ event }) => event.output.action === 'CONNECT', target: 'connected' },
          {
            guard: ({ event }) => event.output.action === 'VERIFY_DEVICE',
            target: 'verifyingDevice',
          },
          { target: 'enteringCode', actions: awaiting('otp') },
        ],
        onError: [
          {
            guard: 'isResending',
            target: 'enteringCode',
            ...onFailure,
          },
          {
            target: 'enteringEmail',
            ...onFailure,
          },
        ],
      },
    },
    verifyingDevice: {
      entry: awaiting('device'),
      invoke: {
        src: 'connectDevice',
        input: ({ context }) => ({ email: context.email ?? '' }),
        // The device is approved: the frame then asks for the code it sent (SPEC §4).
        onDone: { target: 'enteringCode', actions: awaiting('otp') },
        onError: {
          target: 'enteringEmail',
          ...onFailure,
        },
      },
      on: { EDIT_EMAIL: { target: 'enteringEmail', actions: 'clearError' } },
    },
    enteringCode: {
      on: {
        SUBMIT_CODE: [
          { guard: 'isInvalidCode', actions: 'rejectCode' },
          { target: 'verifying', actions: 'clearError' },
        ],
        RESEND: [
          { guard: 'isThrottled', actions: 'rejectTooEarly' },
          { target: 'sendingCode', actions: 'startAttempt' },
        ],
        EDIT_EMAIL: { target: 'enteringEmail', actions: 'clearError' },
      },
    },
    verifying: {
      invoke: {
        src: 'connectOtp',
        input: ({ context, event }) => ({
          email: context.email ?? '',
          otp: event.type === 'SUBMIT_CODE' ? event.otp : '',
        }),
        onDone: 'connected',
        onError: {
          target: 'enteringCode',
          ...onFailure,
        },
      },
    },
    connected: {
      type: 'final',
      entry: ['recordLogin', 'emitLoggedIn', 'connectWallet'],
    },
  },
})

/** The machine's states, for views: which step is on show. */
export type EmailLoginStep =
  'enteringEmail' | 'sendingCode' | 'verifyingDevice' | 'enteringCode' | 'verifying' | 'connected'
