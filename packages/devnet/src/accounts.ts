import type { Address, Hex } from 'viem'

/** One of the devnet's funded test accounts. Its key is a public test key: never use it elsewhere. */
export interface DevnetAccount {
  readonly address: Address
  readonly privateKey: Hex
}

/** The mnemonic anvil derives its dev accounts from (Hardhat's and Foundry's public default). */
export const DEVNET_MNEMONIC = 'test test test test test test test test test test test junk'

/** How many accounts anvil funds, and with how much ether each. */
export const DEVNET_ACCOUNT_COUNT = 10
export const DEVNET_ACCOUNT_BALANCE_ETH = 10_000

/**
 * Anvil's ten funded accounts, in derivation order (m/44'/60'/0'/0/i of {@link DEVNET_MNEMONIC}).
 * Listed rather than derived at import, which costs ~270 ms of PBKDF2; `accounts.test.ts`
 * re-derives them from the mnemonic and the devnet test checks anvil funds exactly these.
 */
export const devnetAccounts: readonly DevnetAccount[] = [
  {
    address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  },
  {
    address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  },
  {
    address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    privateKey: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  },
  {
    address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
    privateKey: '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  },
  {
    address: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
    privateKey: '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
  },
  {
    address: '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
    privateKey: '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba',
  },
  {
    address: '0x976EA74026E726554dB657fA54763abd0C3a0aa9',
    privateKey: '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e',
  },
  {
    address: '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955',
    privateKey: '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356',
  },
  {
    address: '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f',
    privateKey: '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97',
  },
  {
    address: '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
    privateKey: '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6',
  },
]

/**
 * Accounts 0..4, which every devnet token (LTT, B32, USDC) is minted to; 5..9 hold none, so tests
 * have both a holder and a fresh account.
 */
export const devnetTokenHolders: readonly Address[] = devnetAccounts
  .slice(0, 5)
  .map((account) => account.address)

/** The seed {@link DEVNET_LIQUIDITY_ACCOUNT}'s key is the keccak256 of (as UTF-8). */
export const DEVNET_LIQUIDITY_KEY_SEED = 'latch devnet liquidity'

/**
 * The account that deploys the devnet's swap contracts (WETH9, Uniswap v2, the test USDC) and
 * owns the liquidity of its pools (see uniswap.ts). Deliberately not one of
 * {@link devnetAccounts}: the tests count those accounts' nonces, ETH and token balances, and none
 * of that may move. Its key is keccak256({@link DEVNET_LIQUIDITY_KEY_SEED}), a public test key;
 * listed, like the accounts, and re-derived in `accounts.test.ts`. Anvil does not fund it: the
 * devnet gives it ether with `anvil_setBalance`.
 */
export const DEVNET_LIQUIDITY_ACCOUNT: DevnetAccount = {
  address: '0x86A7D458094016ae4cF5713308Fd9540Eed389aE',
  privateKey: '0xd70fe0491ccc8562a4887174f2df026992d3de7b8807f546247e8e859d48b346',
}
