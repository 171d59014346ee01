import * as z from 'zod/mini'

/** The views of an email login: moving between them replaces, so Back leaves the login. */
export const EMAIL_VIEWS = ['EmailVerifyOtp', 'EmailVerifyDevice'] as const

/** What starts a login without its view (START_FLOW): the email field's address. */
export const emailRequestSchema = z.object({ email: z.string().check(z.maxLength(320)) })

/** The root event that starts an email login for `email` (the field on Connect sends it). */
export const startEmailLogin = (email: string) =>
  ({ type: 'START_FLOW', flow: 'connectingEmail', request: { email } }) as const
