import type { PGlite } from "@electric-sql/pglite"
import { NodeFS } from "@electric-sql/pglite/nodefs"

/** The two entry points of Emscripten's NODEFS through which every mode reaches the disk. */
interface NodeFsModes {
  createNode: (parent: unknown, name: string, mode: number, dev?: number) => unknown
  setattr: (target: unknown, node: unknown, attributes: { mode?: number | null }, ...rest: Array<unknown>) => void
}

const ownerOnly = (mode: number) => mode & ~0o077

/**
 * PGlite's NodeFS, its files and directories created owner-only. Emscripten's NODEFS creates each
 * file with mode 0777 and then sets the mode PostgreSQL's emulated calls ask (0666 for most) with
 * an explicit chmod, so the process umask does not apply: the modes are masked where NODEFS passes
 * them, creation and every later chmod. Those are NODEFS's own names, not PGlite's API: the test
 * of the data directory's modes says when an upgrade moves them.
 */
export class OwnerOnlyNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Parameters<NodeFS["init"]>[1]): ReturnType<NodeFS["init"]> {
    const { emscriptenOpts } = await super.init(pg, opts)
    const restrict = (mod: { readonly FS: { readonly filesystems: { readonly NODEFS: object } } }) => {
      const nodefs = mod.FS.filesystems.NODEFS as NodeFsModes
      const { createNode, setattr } = nodefs
      nodefs.createNode = (parent, name, mode, dev) => createNode(parent, name, ownerOnly(mode), dev)
      nodefs.setattr = (target, node, attributes, ...rest) =>
        setattr(target, node, attributes.mode == null ? attributes : { ...attributes, mode: ownerOnly(attributes.mode) }, ...rest)
    }
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), restrict] } }
  }
}
