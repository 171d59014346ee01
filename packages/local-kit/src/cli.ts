import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { parseArgs } from 'node:util'

/** A started local part, as its command sees it. */
export interface RunningPart {
  /** How long start-up took, for the ready line. */
  readonly readyInMs: number
  /** Stops everything the part started. */
  stop(): Promise<void>
}

/** One local part's command: what differs between `latch-devnet` and its siblings. */
export interface LocalCommand<Settings, Part extends RunningPart> {
  /** The command's name: it starts every line the command writes to stderr. */
  name: string
  /** The --help text. */
  usage: string
  /** The command's own string options (`--out` and `--help` every command has). */
  options: readonly string[]
  /**
   * Reads the options (and the environment) into the part's settings, before anything starts.
   * @throws Error with the message the command prints on a bad option.
   */
  settings(values: Readonly<Record<string, string | undefined>>): Settings
  start(settings: Settings): Promise<Part>
  /** The one JSON line's content: what other processes need to use the part (no secrets). */
  summary(part: Part): unknown
  /** Where the part is, for the ready line on stderr. */
  where(part: Part): string
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

/**
 * Runs a local part's command: --help prints the usage; otherwise it starts the part, prints one
 * JSON line to stdout (and to `--out <file>`, removed again on stop) and a ready line to stderr,
 * and runs until SIGINT, SIGTERM or SIGHUP stops the part. A bad option or a failed start
 * prints `<name>: <message>` to stderr and exits with 1.
 */
export function runLocalCommand<Settings, Part extends RunningPart>(
  command: LocalCommand<Settings, Part>,
  argv: readonly string[] = process.argv.slice(2),
): Promise<void> {
  return serve(command, argv).catch((error: unknown) => {
    process.stderr.write(
      `${command.name}: ${error instanceof Error ? error.message : String(error)}\n`,
    )
    process.exitCode = 1
  })
}

async function serve<Settings, Part extends RunningPart>(
  command: LocalCommand<Settings, Part>,
  argv: readonly string[],
): Promise<void> {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      ...Object.fromEntries(command.options.map((name) => [name, { type: 'string' as const }])),
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help === true) {
    process.stdout.write(command.usage)
    return
  }
  const strings = Object.fromEntries(
    Object.entries(values).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  )
  const settings = command.settings(strings)
  const out = strings.out === undefined ? undefined : resolve(strings.out)

  // The parts are unreferenced so library users never hang on them; staying up is the command's
  // whole job, until a signal says otherwise.
  const keepAlive = setInterval(() => {}, 2 ** 30)
  const starting = command.start(settings)
  let stopping: Promise<void> | undefined
  // Listening before the part is up: a signal during start-up still stops what was started.
  const stop = () =>
    (stopping ??= starting
      .then((part) => part.stop())
      .catch(() => {})
      .finally(() => {
        // A stale file would point the next reader at ports nobody listens on any more.
        if (out) rmSync(out, { force: true })
        clearInterval(keepAlive)
      }))
  for (const signal of SIGNALS) process.on(signal, () => void stop())

  let part: Part
  try {
    part = await starting
  } catch (error) {
    clearInterval(keepAlive)
    throw error
  }
  if (stopping) return

  const line = `${JSON.stringify(command.summary(part))}\n`
  if (out) {
    // Through a rename, so a reader polling for the file never sees half of it.
    mkdirSync(dirname(out), { recursive: true })
    writeFileSync(`${out}.${process.pid}.tmp`, line)
    renameSync(`${out}.${process.pid}.tmp`, out)
  }
  process.stdout.write(line)
  process.stderr.write(
    `${command.name}: ready in ${part.readyInMs} ms: ${command.where(part)}. Ctrl-C stops it.\n`,
  )
}
