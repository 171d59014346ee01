import type { IncomingMessage, ServerResponse } from 'node:http'
import { readBody } from '@latch/local-kit'
import type Provider from 'oidc-provider'
import { errors } from 'oidc-provider'
import { z } from 'zod'
import { MAX_FORM_BYTES, sendHtml } from './http.js'
import type { Persona } from './personas.js'
import { renderEndedPage, renderSignInPage } from './sign-in-page.js'
import type { IdpUser } from './types.js'

/** One provider's interaction routes: `/${persona.id}/interaction/:uid`. */
export interface InteractionRoute {
  readonly provider: Provider
  readonly persona: Persona
  readonly users: readonly IdpUser[]
}

/** What oidc-provider's consent prompt says is missing, as it says it. */
const consentDetailsSchema = z.object({
  missingOIDCScope: z.array(z.string()).optional(),
  missingOIDCClaims: z.array(z.string()).optional(),
  missingResourceScopes: z.record(z.string(), z.array(z.string())).optional(),
})

/** What the sign-in form posts. */
const submissionSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve'), username: z.string().trim().default('') }),
  z.object({ decision: z.literal('deny') }),
])

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>

function requestedScopes(interaction: Interaction): string[] {
  const scope = interaction.params.scope
  return typeof scope === 'string' ? scope.split(' ').filter(Boolean) : []
}

function showSignIn(
  res: ServerResponse,
  route: InteractionRoute,
  interaction: Interaction,
  status = 200,
  retry?: { username: string; error: string },
): void {
  sendHtml(
    res,
    status,
    renderSignInPage({
      persona: route.persona,
      action: `/${route.persona.id}/interaction/${interaction.uid}`,
      clientId: String(interaction.params.client_id),
      scopes: requestedScopes(interaction),
      users: route.users,
      username: retry?.username ?? route.users[0]?.username ?? '',
      ...(retry && { error: retry.error }),
    }),
  )
}

/**
 * Consent, given with the "Approve" that signed the person in a moment ago: the sign-in page is
 * shown on every request (provider.ts), so a consent prompt only ever follows it. The grant holds
 * what oidc-provider says is missing, as its own example does.
 */
async function grantConsent(
  req: IncomingMessage,
  res: ServerResponse,
  route: InteractionRoute,
  interaction: Interaction,
): Promise<void> {
  const { provider } = route
  const details = consentDetailsSchema.parse(interaction.prompt.details)
  const grant =
    (interaction.grantId === undefined
      ? undefined
      : await provider.Grant.find(interaction.grantId)) ??
    new provider.Grant({
      accountId: interaction.session?.accountId,
      clientId: String(interaction.params.client_id),
    })
  if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '))
  if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims)
  for (const [resource, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
    grant.addResourceScope(resource, scopes.join(' '))
  }
  const grantId = await grant.save()
  await provider.interactionFinished(
    req,
    res,
    { consent: interaction.grantId === undefined ? { grantId } : {} },
    { mergeWithLastSubmission: true },
  )
}

async function submit(
  req: IncomingMessage,
  res: ServerResponse,
  route: InteractionRoute,
  interaction: Interaction,
): Promise<void> {
  const form = Object.fromEntries(new URLSearchParams((await readBody(req, MAX_FORM_BYTES)) ?? ''))
  const submission = submissionSchema.safeParse(form)
  if (!submission.success) {
    showSignIn(res, route, interaction, 400, { username: '', error: 'Choose Approve or Deny.' })
    return
  }
  if (submission.data.decision === 'deny') {
    await route.provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'The user denied the request' },
      { mergeWithLastSubmission: false },
    )
    return
  }
  const { username } = submission.data
  const user = route.users.find(
    (candidate) => candidate.username.toLowerCase() === username.toLowerCase(),
  )
  if (!user) {
    const known = route.users.map((candidate) => candidate.username).join(', ')
    showSignIn(res, route, interaction, 400, {
      username,
      error: `No scripted user is called "${username}". Type one of: ${known}.`,
    })
    return
  }
  await route.provider.interactionFinished(
    req,
    res,
    // Not remembered: the session ends with the browser, and every request asks again anyway.
    { login: { accountId: user.sub, remember: false } },
    { mergeWithLastSubmission: false },
  )
}

/**
 * `GET /interaction/:uid` shows the sign-in page (or, right after it, grants the consent it
 * asked for); `POST` takes its answer. An interaction that expired, or whose cookie is missing,
 * ends on a page that says so.
 */
export async function handleInteraction(
  req: IncomingMessage,
  res: ServerResponse,
  route: InteractionRoute,
  uid: string,
): Promise<void> {
  let interaction: Interaction
  try {
    interaction = await route.provider.interactionDetails(req, res)
  } catch (error) {
    if (!(error instanceof errors.SessionNotFound)) throw error
    sendHtml(
      res,
      400,
      renderEndedPage(
        route.persona,
        'This sign-in expired or was already finished. Start again from the app.',
      ),
    )
    return
  }
  if (interaction.uid !== uid) {
    sendHtml(res, 400, renderEndedPage(route.persona, 'This sign-in is not the one in progress.'))
    return
  }
  if (req.method === 'POST' && interaction.prompt.name === 'login') {
    await submit(req, res, route, interaction)
  } else if (req.method === 'GET' && interaction.prompt.name === 'consent') {
    await grantConsent(req, res, route, interaction)
  } else if (req.method === 'GET') {
    showSignIn(res, route, interaction)
  } else {
    sendHtml(res, 405, renderEndedPage(route.persona, 'This page only takes its own form.'))
  }
}
