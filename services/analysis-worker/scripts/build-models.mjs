#!/usr/bin/env node
/*
 * Builds the MediaPipe Pose Landmarker .task bundles from the model files that npm already installed
 * (@mediapipe/pose), so nothing is downloaded at run time.
 *
 * tasks-vision refuses float models whose input tensor carries no TFLite normalization metadata. The
 * @mediapipe/pose models predate that metadata, so we add it WITHOUT rewriting the original bytes: a new
 * flatbuffer root table is prepended whose fields point forward into the untouched original model, plus
 * a "TFLITE_METADATA" buffer holding a ModelMetadata with NormalizationOptions. The prefix is padded to a
 * multiple of 64 bytes so every buffer in the original keeps its alignment.
 *
 * Idempotent: a bundle newer than its inputs and this script is left alone.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));
const serviceRoot = join(here, '..');
const outDir = join(serviceRoot, 'models');
const require = createRequire(join(serviceRoot, 'package.json'));
const poseDir = dirname(require.resolve('@mediapipe/pose/package.json'));

const DETECTOR = join(poseDir, 'pose_solution_packed_assets.data'); // the whole blob is pose_detection.tflite
const VARIANTS = ['lite', 'full', 'heavy'];

// ---- minimal forward-only flatbuffer writer --------------------------------------------------------
// Children are always laid out after their parent, so every uoffset is positive, as flatbuffers requires.
const u8 = (value) => ({ kind: 'u8', value });
const u32 = (value) => ({ kind: 'u32', value });
const ref = (node) => ({ kind: 'ref', node });
const abs = (pos) => ({ kind: 'abs', pos }); // absolute position elsewhere in the file
const table = (...fields) => ({ type: 'table', fields });
const str = (s) => ({ type: 'string', s });
const refVector = (items) => ({ type: 'refs', items });
const f32Vector = (items) => ({ type: 'f32', items });
const byteVector = (data) => ({ type: 'bytes', data });

/** A growing little-endian byte buffer with flatbuffer alignment. */
class Bytes {
  out = [];
  size = 0;
  ensure(n) {
    while (this.out.length < n) this.out.push(0);
  }
  align(a) {
    this.size = Math.ceil(this.size / a) * a;
    this.ensure(this.size);
  }
  w32(pos, v) {
    this.ensure(pos + 4);
    for (let k = 0; k < 4; k++) this.out[pos + k] = (v >>> (8 * k)) & 255;
  }
  w16(pos, v) {
    this.ensure(pos + 2);
    this.out[pos] = v & 255;
    this.out[pos + 1] = (v >>> 8) & 255;
  }
  /** A uint32 length, then `n` bytes written by `write(pos)`; returns where the length sits. */
  lengthPrefixed(n, itemBytes, write) {
    const pos = this.size;
    this.w32(pos, n);
    this.size = pos + 4 + n * itemBytes;
    this.ensure(this.size);
    write(pos + 4);
    return pos;
  }
}

/** Lays out one node (and, after it, its children); returns its position. */
function place(b, node, externalBase) {
  const target = (f) => (f.kind === 'abs' ? externalBase + f.pos : place(b, f.node, externalBase));
  switch (node.type) {
    case 'table': {
      const n = node.fields.length;
      b.align(2);
      const vt = b.size;
      b.size += 4 + 2 * n;
      b.align(4);
      const tbl = b.size;
      const objSize = 4 + 4 * n;
      b.size += objSize;
      b.ensure(b.size);
      b.w16(vt, 4 + 2 * n);
      b.w16(vt + 2, objSize);
      b.w32(tbl, tbl - vt);
      const pending = [];
      node.fields.forEach((f, i) => {
        const at = tbl + 4 + 4 * i;
        b.w16(vt + 4 + 2 * i, f ? 4 + 4 * i : 0);
        if (!f) return;
        if (f.kind === 'u8') b.out[at] = f.value;
        else if (f.kind === 'u32') b.w32(at, f.value);
        else pending.push([at, f]);
      });
      for (const [at, f] of pending) b.w32(at, target(f) - at);
      return tbl;
    }
    case 'string': {
      b.align(4);
      const bytes = Buffer.from(node.s, 'utf8');
      const pos = b.lengthPrefixed(bytes.length, 1, (at) => bytes.forEach((v, i) => (b.out[at + i] = v)));
      b.size += 1; // the terminating zero
      b.ensure(b.size);
      return pos;
    }
    case 'f32': {
      b.align(4);
      const fb = Buffer.alloc(4);
      return b.lengthPrefixed(node.items.length, 4, (at) =>
        node.items.forEach((v, i) => {
          fb.writeFloatLE(v, 0);
          b.w32(at + 4 * i, fb.readUInt32LE(0));
        }),
      );
    }
    case 'bytes':
      // data must start 16-aligned (schema: force_align 16); the length sits just before it.
      b.size = Math.ceil((b.size + 4) / 16) * 16 - 4;
      return b.lengthPrefixed(node.data.length, 1, (at) => {
        for (let i = 0; i < node.data.length; i++) b.out[at + i] = node.data[i];
      });
    case 'refs': {
      b.align(4);
      return b.lengthPrefixed(node.items.length, 4, (at) => node.items.forEach((item, i) => b.w32(at + 4 * i, target(item) - (at + 4 * i))));
    }
    default:
      throw new Error(`unknown node ${node.type}`);
  }
}

function serialize(rootNode, identifier, externalBase, fixedSize) {
  const b = new Bytes();
  b.size = 8;
  b.ensure(8);
  Buffer.from(identifier, 'ascii').forEach((v, i) => (b.out[4 + i] = v));
  const root = place(b, rootNode, externalBase);
  b.w32(0, root);
  if (fixedSize !== undefined) b.ensure(fixedSize);
  return Buffer.from(b.out);
}

// ---- reading the original tflite root table ---------------------------------------------------------
function readModelFields(model) {
  const root = model.readUInt32LE(0);
  const vt = root - model.readInt32LE(root);
  const vtSize = model.readUInt16LE(vt);
  const fields = [];
  for (let i = 0; 4 + 2 * i < vtSize; i++) {
    const off = model.readUInt16LE(vt + 4 + 2 * i);
    fields.push(off === 0 ? null : root + off);
  }
  return fields;
}

const vecTargets = (model, fieldPos) => {
  const vec = fieldPos + model.readUInt32LE(fieldPos);
  const n = model.readUInt32LE(vec);
  return Array.from({ length: n }, (_, i) => vec + 4 + 4 * i + model.readUInt32LE(vec + 4 + 4 * i));
};

function normalizationMetadata(mean, std) {
  const options = table(ref(f32Vector([mean])), ref(f32Vector([std])));
  const processUnit = table(u8(1) /* ProcessUnitOptions.NormalizationOptions */, ref(options));
  const tensor = table(
    ref(str('image')), // name
    null, // description
    null, // dimension_names
    null, // content
    ref(refVector([ref(processUnit)])),
  );
  const subgraph = table(null, null, ref(refVector([ref(tensor)])));
  const modelMetadata = table(ref(str('pose')), null, null, ref(refVector([ref(subgraph)])), null, null, null, ref(str('1.0.0')));
  return serialize(modelMetadata, 'M001', 0);
}

export function withNormalizationMetadata(model, mean, std) {
  const fields = readModelFields(model);
  const get = (i) => fields[i] ?? null;
  if (get(6) !== null) {
    const existing = vecTargets(model, get(6)).map((t) => {
      const nameField = t + model.readUInt16LE(t - model.readInt32LE(t) + 4);
      const s = nameField + model.readUInt32LE(nameField);
      return model.toString('utf8', s + 4, s + 4 + model.readUInt32LE(s));
    });
    if (existing.includes('TFLITE_METADATA')) throw new Error('model already has TFLITE_METADATA');
  }
  const buffers = get(4) === null ? [] : vecTargets(model, get(4));
  const metadata = get(6) === null ? [] : vecTargets(model, get(6));
  const meta = normalizationMetadata(mean, std);
  const build = (base) => {
    const fieldRef = (i) => (get(i) === null ? null : abs(get(i) + model.readUInt32LE(get(i))));
    const newModel = table(
      get(0) === null ? null : u32(model.readUInt32LE(get(0))),
      fieldRef(1),
      fieldRef(2),
      fieldRef(3),
      ref(refVector([...buffers.map(abs), ref(table(ref(byteVector(meta))))])),
      fieldRef(5),
      ref(refVector([...metadata.map(abs), ref(table(ref(str('TFLITE_METADATA')), u32(buffers.length)))])),
      fieldRef(7),
    );
    return serialize(newModel, 'TFL3', base);
  };
  const prefixSize = Math.ceil(build(0).length / 64) * 64;
  const prefix = build(prefixSize);
  const padded = Buffer.alloc(prefixSize);
  prefix.copy(padded);
  return Buffer.concat([padded, model]);
}

// ---- STORED zip ------------------------------------------------------------------------------------
const DOS_DATE = (2024 - 1980) * 512 + 1 * 32 + 1; // fixed date: identical inputs give identical bundles
function storedZip(entries) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(10, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(0, 8); // STORED
    local.writeUInt16LE(0, 10); // time 00:00
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(10, 4);
    central.writeUInt16LE(10, 6);
    central.writeUInt16LE(DOS_DATE, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

function main() {
  mkdirSync(outDir, { recursive: true });
  const scriptTime = statSync(fileURLToPath(import.meta.url)).mtimeMs;
  let detector;
  for (const variant of VARIANTS) {
    const landmarkPath = join(poseDir, `pose_landmark_${variant}.tflite`);
    const target = join(outDir, `pose_landmarker_${variant}.task`);
    const newest = Math.max(scriptTime, statSync(landmarkPath).mtimeMs, statSync(DETECTOR).mtimeMs);
    if (existsSync(target) && statSync(target).mtimeMs >= newest) continue;
    detector ??= withNormalizationMetadata(readFileSync(DETECTOR), 127.5, 127.5);
    const landmarker = withNormalizationMetadata(readFileSync(landmarkPath), 0, 255);
    const tmp = `${target}.${process.pid}.tmp`;
    writeFileSync(tmp, storedZip([
      { name: 'pose_detector.tflite', data: detector },
      { name: 'pose_landmarks_detector.tflite', data: landmarker },
    ]));
    renameSync(tmp, target);
    console.log(`built ${target}`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
