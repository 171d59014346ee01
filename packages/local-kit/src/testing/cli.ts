import { spawn, type ChildProcessByStdio } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { afterAll, beforeAll, expect } from 'vitest'

/** A throwaway build of a package, as `@latch/vitest-config/compile-package` makes it. */
export interface CompiledCommand {
  readonly dir: string
  readonly bin: string
  remove(): Promise<void>
}

/** A command running as a child process, its output collected as it comes. */
export interface RunningCommand {
  readonly process: ChildProcessByStdio<null, Readable, Readable>
  stdout(): string
  stderr(): string
  /** The first complete stdout line; rejects if the command exits before writing one. */
  firstLine(): Promise<string>
  /** The exit code, once the command has exited. */
  exitCode(): Promise<number | null>
}

/** A command serving after its JSON line, which it also wrote to its `--out` file. */
export interface ServingCommand extends RunningCommand {
  readonly line: string
  readonly out: string
}

/** The file's command runner: see {@link useCommand}. */
export interface CommandRunner {
  /** Runs the command with `args`, `env` over this process's environment. */
  run(args: readonly string[], env?: NodeJS.ProcessEnv): RunningCommand
  /**
   * Runs the command with `--out <a fresh file>` after `args`, waits for its JSON line and checks
   * that the file holds that line.
   */
  serve(args: readonly string[], env?: NodeJS.ProcessEnv): Promise<ServingCommand>
  /**
   * Sends `signal` and checks the command's stop: exit code 0, the --out file removed, nothing
   * on stdout but the JSON line.
   */
  stop(serving: ServingCommand, signal: NodeJS.Signals): Promise<void>
}

/**
 * Builds the package (`compile`) before the file's tests and runs its real command as a process;
 * after them, stops every command still running (a failed assertion must not leave one, or the
 * chains it started, behind) and removes the build.
 */
export function useCommand(name: string, compile: () => Promise<CompiledCommand>): CommandRunner {
  let compiled: CompiledCommand | undefined
  const running: RunningCommand['process'][] = []
  beforeAll(async () => {
    compiled = await compile()
  }, 60_000)
  afterAll(async () => {
    for (const child of running) if (child.exitCode === null) child.kill('SIGTERM')
    await Promise.all(
      running.map((child) => (child.exitCode === null ? once(child, 'exit') : undefined)),
    )
    await compiled?.remove()
  })

  const build = (): CompiledCommand => {
    if (!compiled) throw new Error('The package is built in beforeAll: run commands in a test.')
    return compiled
  }

  const run = (args: readonly string[], env: NodeJS.ProcessEnv = {}): RunningCommand => {
    const child = spawn(process.execPath, [build().bin, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    })
    running.push(child)
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
    const exited = once(child, 'exit').then(([code]) => code as number | null)
    return {
      process: child,
      stdout: () => stdout,
      stderr: () => stderr,
      exitCode: () => exited,
      firstLine: () =>
        new Promise((resolve, reject) => {
          const check = () => {
            const end = stdout.indexOf('\n')
            if (end >= 0) resolve(stdout.slice(0, end))
          }
          check()
          child.stdout.on('data', check)
          void exited.then((code) => reject(new Error(`${name} exited with ${code} first`)))
        }),
    }
  }

  return {
    run,
    async serve(args, env) {
      const out = join(mkdtempSync(join(build().dir, 'out-')), `${name}.json`)
      const command = run([...args, '--out', out], env)
      const line = await command.firstLine()
      expect(readFileSync(out, 'utf8')).toBe(`${line}\n`)
      return { ...command, line, out }
    },
    async stop(serving, signal) {
      serving.process.kill(signal)
      expect(await serving.exitCode()).toBe(0)
      expect(existsSync(serving.out)).toBe(false)
      expect(serving.stdout()).toBe(`${serving.line}\n`)
    },
  }
}
