import assert from 'node:assert/strict'
import { NATIVE_BALANCE_CACHE_MS } from '@latch/core'
import { BYTES32_TOKEN, TEST_COLLECTION, TEST_TOKEN, TEST_USDC, type Devnet } from '@latch/devnet'
import type { Locator, Page } from 'playwright-core'
import {
  createPublicClient,
  createWalletClient,
  erc20Abi,
  formatEther,
  formatUnits,
  http,
  isHash,
  parseEther,
  type Address,
  type Hash,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, describe, expect, it } from 'vitest'
import {
  DEVNET_PRICES_USD,
  startPlaygroundServer,
  type PlaygroundServer,
} from '../server/latch-server.js'
import { anvilBalance } from './chain.js'
import { t } from './messages.js'
import { connectButton, connectDevWallet, dialog, hookValue, modalButton, title } from './modal.js'
import { useStack } from './use-stack.js'

// Issue 11's proof in Chromium: the Account view's Tokens, NFTs and Activity tabs on the Latch
// server's data, with the playground's own in-page dev wallet (its wallet_getAssets lists the
// devnet's tokens, as `npm start` runs it). Each test starts from a fresh page and connects.

/** More LTT transfers to the wallet's account than one history page holds (the server's is 20). */
const SEEDED_TRANSFERS = 25

/** Sends {@link SEEDED_TRANSFERS} LTT from account 4 (a holder) to account 0, the wallet's. */
async function seedTransfers(devnet: Devnet): Promise<void> {
  const chain = devnet.chains[0]!
  const transport = http(chain.rpcUrl)
  const sender = privateKeyToAccount(devnet.accounts[4]!.privateKey)
  const wallet = createWalletClient({ account: sender, transport })
  const client = createPublicClient({ transport })
  const nonce = await client.getTransactionCount({ address: sender.address })
  const hashes: Hash[] = []
  for (let i = 0; i < SEEDED_TRANSFERS; i++) {
    hashes.push(
      await wallet.writeContract({
        chain: null,
        address: devnet.contracts[chain.chainId]!.testToken,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [devnet.accounts[0]!.address, parseEther(String(i + 1))],
        nonce: nonce + i,
      }),
    )
  }
  await client.waitForTransactionReceipt({ hash: hashes.at(-1)! })
}

/** An ERC-20 balance, read from anvil. */
function tokenBalance(rpcUrl: string, token: Address, owner: Address): Promise<bigint> {
  return createPublicClient({ transport: http(rpcUrl) }).readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })
}

/** A USD amount as the Tokens tab writes it: `$` and two decimals with thousands separators. */
function usd(value: number): string {
  const [whole = '0', cents = '00'] = value.toFixed(2).split('.')
  return `$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`
}

/** Connects the dev wallet, then opens the modal on Account. */
async function openAccount(page: Page): Promise<void> {
  await connectDevWallet(page)
  await connectButton(page).click()
  await expect.poll(() => title(page).textContent()).toBe(t('view.Account.title'))
}

/** Picks a tab of the Account view and returns its panel. */
async function showTab(page: Page, tab: 'tokens' | 'nfts' | 'activity'): Promise<Locator> {
  const name = t(`view.Account.tab.${tab}`)
  await dialog(page).getByRole('tab', { name }).click()
  return dialog(page).getByRole('tabpanel', { name })
}

/** Connects the dev wallet, opens the modal on Account and picks `tab`: its panel. */
async function openAccountTab(page: Page, tab: 'tokens' | 'nfts' | 'activity'): Promise<Locator> {
  await openAccount(page)
  return showTab(page, tab)
}

/** One token's row in the Tokens tab, by the token's name. */
function tokenRow(panel: Locator, name: string): Locator {
  return panel
    .getByRole('list', { name: t('view.Account.tokens.list') })
    .getByRole('listitem')
    .filter({ hasText: name })
}

/** The Activity tab's rows. */
function activityRows(panel: Locator): Locator {
  return panel.getByRole('list', { name: t('view.Account.activity.list') }).getByRole('listitem')
}

describe('the Account tabs on the Latch server', () => {
  const { stack, axe } = useStack(
    { approval: 'none' },
    { started: (stack) => seedTransfers(stack.devnet) },
  )
  // The server restarted by the last test, on the first one's port (the page's `serverUrl`).
  // Registered after the stack's hooks, so it closes before the stack stops the devnet.
  let restarted: PlaygroundServer | undefined
  afterAll(() => restarted?.close())
  const account = () => stack.devnet.accounts[0]!.address
  const rpcUrl = () => stack.chains[0]!.rpcUrl
  const lttAddress = () => stack.devnet.contracts[stack.chains[0]!.chainId]!.testToken
  const usdcAddress = () => stack.devnet.contracts[stack.chains[0]!.chainId]!.usdc

  /** Picks `tab` on a failed read: its reason, never a spinner, and axe finds nothing. */
  async function expectFailedTab(page: Page, tab: 'nfts' | 'activity', reason: string) {
    const panel = await showTab(page, tab)
    await expect.poll(() => panel.getByRole('alert').textContent()).toBe(reason)
    expect(await panel.getByRole('status').count()).toBe(0)
    await axe.check(page, `${tab}, server down`)
    return panel
  }

  it('1. Tokens: ETH and the devnet tokens from the wallet, priced by the server, with the total', async () => {
    const { page } = stack
    const panel = await openAccountTab(page, 'tokens')
    // The wallet's own discovery lists the devnet's test token (the playground's config).
    const assets = await page.evaluate(
      (address) =>
        (
          window as unknown as { ethereum: { request(a: object): Promise<unknown> } }
        ).ethereum.request({ method: 'wallet_getAssets', params: [{ account: address }] }),
      account(),
    )
    expect(JSON.stringify(assets).toLowerCase()).toContain(lttAddress().toLowerCase())
    const eth = Number(formatEther(await anvilBalance(rpcUrl(), account())))
    const ltt = Number(formatEther(await tokenBalance(rpcUrl(), lttAddress(), account())))
    const usdc = Number(
      formatUnits(await tokenBalance(rpcUrl(), usdcAddress(), account()), TEST_USDC.decimals),
    )
    const ethValue = eth * DEVNET_PRICES_USD.ETH!
    const lttValue = ltt * DEVNET_PRICES_USD[TEST_TOKEN.symbol]!
    const usdcValue = usdc * DEVNET_PRICES_USD[TEST_USDC.symbol]!
    await expect.poll(() => tokenRow(panel, TEST_TOKEN.name).innerText()).toContain(usd(lttValue))
    // The 6-decimal test USDC the devnet's pools trade (issue 32), priced at par.
    await expect.poll(() => tokenRow(panel, TEST_USDC.name).innerText()).toContain(usd(usdcValue))
    await expect.poll(() => tokenRow(panel, 'Ether').innerText()).toContain(usd(ethValue))
    expect(await tokenRow(panel, TEST_TOKEN.name).innerText()).toContain(
      `${usd(DEVNET_PRICES_USD[TEST_TOKEN.symbol]!)} each`,
    )
    // The bytes32 token has no price on the server: listed, with no value rather than $0.00.
    expect(await tokenRow(panel, BYTES32_TOKEN.name).innerText()).not.toContain('$')
    // The total sums what is priced, in the list's order.
    await expect
      .poll(async () => (await panel.innerText()).replace(/\s+/g, ' '))
      .toContain(`${t('view.Account.tokens.total')} ${usd(ethValue + lttValue + usdcValue)}`)
    await axe.check(page, 'Tokens, filled')
    axe.expectClean()
  })

  it('2. NFTs: the tiles the account holds, their images loaded', async () => {
    const { page } = stack
    const panel = await openAccountTab(page, 'nfts')
    const gallery = panel.getByRole('list', { name: t('view.Account.nfts.gallery') })
    const held = TEST_COLLECTION.owners.filter((owner) => owner === account()).length
    await expect.poll(() => gallery.getByRole('listitem').count()).toBe(held)
    // Loaded, not merely placed: an image that failed has no natural size.
    await expect
      .poll(() =>
        gallery
          .locator('img')
          .evaluateAll((images) =>
            images.map((image) => (image as HTMLImageElement).naturalWidth > 0),
          ),
      )
      .toEqual(Array.from({ length: held }, () => true))
    // The grid fits the modal (issue 37): no tile runs past the dialog's edge, and each
    // thumbnail fills its card's width (less the card's padding).
    const fit = await gallery.evaluate((list) => {
      const dialog = list.closest('dialog')!.getBoundingClientRect()
      return [...list.querySelectorAll('li')].map((item) => {
        const card = item.querySelector('button')!.getBoundingClientRect()
        const image = item.querySelector('img')!.getBoundingClientRect()
        return {
          inside: card.left >= dialog.left && card.right <= dialog.right + 0.5,
          fills: image.width >= card.width - 16,
        }
      })
    })
    expect(fit).toEqual(Array.from({ length: held }, () => ({ inside: true, fills: true })))
    await axe.check(page, 'NFTs, gallery')
    axe.expectClean()
  })

  it("3. a send to oneself from the playground's action: Activity shows it first; Tokens reads it after the 30 s cache", async () => {
    const { page } = stack
    // The page's clock, so the SPEC's 30 s caches can run out without a test waiting 30 s. It
    // keeps time with the real one until told to jump.
    await page.clock.install()
    await page.reload()
    await connectDevWallet(page)
    const before = await tokenBalance(rpcUrl(), lttAddress(), account())
    await page.getByRole('button', { name: /to myself$/ }).click()
    await expect.poll(() => page.locator('#action-transaction').textContent()).toMatch(/^0x/)
    const hash = (await page.locator('#action-transaction').textContent()) ?? ''
    assert(isHash(hash), `not a transaction hash: ${hash}`)
    const receipt = await createPublicClient({
      transport: http(rpcUrl()),
    }).waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')

    await connectButton(page).click()
    await expect.poll(() => title(page).textContent()).toBe(t('view.Account.title'))
    const activity = await showTab(page, 'activity')
    // The server's indexer follows anvil's head: the send is listed within its poll interval.
    await expect
      .poll(() => activityRows(activity).first().innerText(), { timeout: 15_000 })
      .toContain(t('view.Account.activity.self'))
    expect(await activityRows(activity).first().innerText()).toContain('0.00001 ETH')
    await axe.check(page, 'Activity, filled')

    // Past the native balance's and the portfolio's 30 s (SPEC §9), the next Account view reads
    // both again: the Tokens tab shows what the send left.
    await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'hidden' })
    await page.clock.fastForward(NATIVE_BALANCE_CACHE_MS + 1_000)
    const after = await anvilBalance(rpcUrl(), account())
    await connectButton(page).click()
    const tokens = await showTab(page, 'tokens')
    const value = Number(formatEther(after)) * DEVNET_PRICES_USD.ETH!
    await expect.poll(() => tokenRow(tokens, 'Ether').innerText()).toContain(usd(value))
    await expect
      .poll(() => hookValue(page, 'balance').textContent())
      .toBe(`${formatEther(after)} ETH`)
    // Only the fee moved: the token balances are what they were.
    expect(await tokenBalance(rpcUrl(), lttAddress(), account())).toBe(before)
    axe.expectClean()
  })

  it('4. Activity: scrolling past the first page loads the next', async () => {
    const { page } = stack
    const panel = await openAccountTab(page, 'activity')
    const loadMore = panel.getByRole('button', { name: t('view.Account.loadMore') })
    await loadMore.waitFor()
    const firstPage = await activityRows(panel).count()
    // Scrolling the list's end into view is the intent (infinite scroll); no click.
    await loadMore.scrollIntoViewIfNeeded()
    await expect.poll(() => activityRows(panel).count()).toBeGreaterThan(firstPage)
    // Every seeded transfer to the account is listed once the pages are in.
    await expect
      .poll(async () => {
        if (await loadMore.isVisible()) await loadMore.scrollIntoViewIfNeeded()
        return activityRows(panel)
          .filter({ hasText: t('view.Account.activity.in') })
          .count()
      })
      .toBeGreaterThanOrEqual(SEEDED_TRANSFERS)
    await axe.check(page, 'Activity, second page')
    axe.expectClean()
  })

  it('5. the server stopped: errors and fallbacks, never a spinner; restarted: the tabs recover', async () => {
    const { page } = stack
    const server = restarted ?? stack.latchServer
    const port = Number(new URL(server.url).port)
    await server.close()
    try {
      await openAccount(page)
      // Tokens: the wallet's own list still stands, unpriced (SPEC §4), and nothing spins.
      const tokens = await showTab(page, 'tokens')
      await tokenRow(tokens, TEST_TOKEN.name).waitFor()
      expect(await tokens.innerText()).not.toContain(t('view.Account.tokens.total'))
      expect(await tokens.getByRole('status').count()).toBe(0)
      await axe.check(page, 'Tokens, server down')

      await expectFailedTab(page, 'nfts', t('view.Account.nfts.failed'))
      // SPEC §8: 'Failed to fetch transactions', the list marked empty.
      const activity = await expectFailedTab(
        page,
        'activity',
        t('error.FAILED_TO_FETCH_TRANSACTIONS'),
      )
      expect(await activityRows(activity).count()).toBe(0)
    } finally {
      restarted = await startPlaygroundServer(stack.devnet, { storage: 'memory', port })
    }

    // Back: Try again reads the history. The new server indexes the chain from block 0 first; a
    // read that came before it had (an empty list, no Try again) is read again by the next
    // Account view (SHOW marks the lists stale). The wait checks the recovery, not its speed.
    const activity = () =>
      dialog(page).getByRole('tabpanel', { name: t('view.Account.tab.activity') })
    await expect
      .poll(
        async () => {
          const retry = activity().getByRole('button', { name: t('view.Account.retry') })
          if (await retry.isVisible()) await retry.click()
          else if ((await activityRows(activity()).count()) === 0) {
            await modalButton(page, t('modal.close')).click()
            await dialog(page).waitFor({ state: 'hidden' })
            await connectButton(page).click()
            await expect.poll(() => title(page).textContent()).toBe(t('view.Account.title'))
            await showTab(page, 'activity')
          }
          return activityRows(activity()).count()
        },
        { timeout: 120_000, interval: 2_000 },
      )
      .toBeGreaterThan(0)
    // NFTs: Try again reads them, unless the Account view was shown again above (the lists
    // marked stale), which already read them: either way the gallery comes back.
    const nfts = await showTab(page, 'nfts')
    const gallery = nfts.getByRole('list', { name: t('view.Account.nfts.gallery') })
    const retry = nfts.getByRole('button', { name: t('view.Account.retry') })
    await gallery.or(retry).first().waitFor()
    if (await retry.isVisible()) await retry.click()
    await gallery.waitFor()
    // Tokens are read again when the Account view is next shown: priced again, with the total.
    await modalButton(page, t('modal.close')).click()
    await dialog(page).waitFor({ state: 'hidden' })
    await connectButton(page).click()
    const tokens = await showTab(page, 'tokens')
    await expect.poll(() => tokens.innerText()).toContain(t('view.Account.tokens.total'))
    await axe.check(page, 'Tokens, server back')
    axe.expectClean()
  })
})
