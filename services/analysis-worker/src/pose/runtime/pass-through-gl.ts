/*
 * A canvas whose WebGL2 context only carries pixels: tasks-vision uploads an image with texImage2D and,
 * on the CPU delegate, reads it back with readPixels through a framebuffer. Nothing is ever drawn, so
 * every other call is accepted and ignored. Enough for MediaPipe in Node, nothing more.
 */

interface Texture {
  id: number;
  width: number;
  height: number;
  pixels: Uint8Array | null;
}
interface Framebuffer {
  id: number;
  texture: Texture | null;
}

const GL = {
  TEXTURE_2D: 0x0de1,
  FRAMEBUFFER: 0x8d40,
  RGBA: 0x1908,
  UNSIGNED_BYTE: 0x1401,
  VERSION: 0x1f02,
  SHADING_LANGUAGE_VERSION: 0x8b8c,
  VENDOR: 0x1f00,
  RENDERER: 0x1f01,
  MAX_TEXTURE_SIZE: 0x0d33,
  FRAMEBUFFER_COMPLETE: 0x8cd5,
  COMPILE_STATUS: 0x8b81,
  LINK_STATUS: 0x8b82,
} as const;

export class WebGLRenderingContextShim {}

const GL_METHOD =
  /^(bind|delete|is[A-Z]|tex|uniform|vertex|enable|disable|draw|clear|blend|depth|stencil|color|viewport|scissor|pixelStorei|shader|compile|attach|detach|link|use|active|buffer|framebuffer|renderbuffer|generate|flush|finish|fence|client|wait|copy|invalidate|sample|begin|end|transform|validate|hint|line|polygon|front|cull|getUniform|getAttrib|getBuffer|getTex|getFramebuffer|getRenderbuffer|getVertex|getIndexed|getInternal|getSync|getQuery|getActive|getFrag)/;

interface PixelSource {
  width: number;
  height: number;
  data: Uint8ClampedArray | Uint8Array;
}

/** What MediaPipe asks the context about itself: one fixed answer each (a WebGL 2 context with no extensions). */
const FIXED_ANSWERS = {
  getExtension: () => null,
  getSupportedExtensions: () => [],
  getContextAttributes: () => ({ alpha: true, antialias: false, depth: false, premultipliedAlpha: false }),
  isContextLost: () => false,
  getParameter: (p: number) => {
    if (p === GL.VERSION) return 'WebGL 2.0';
    if (p === GL.SHADING_LANGUAGE_VERSION) return 'WebGL GLSL ES 3.00';
    if (p === GL.VENDOR || p === GL.RENDERER) return 'swingfit-pass-through';
    if (p === GL.MAX_TEXTURE_SIZE) return 8192;
    return 0;
  },
  getShaderPrecisionFormat: () => ({ rangeMin: 127, rangeMax: 127, precision: 23 }),
  getShaderParameter: () => true,
  getProgramParameter: () => true,
  getShaderInfoLog: () => '',
  getProgramInfoLog: () => '',
  checkFramebufferStatus: () => GL.FRAMEBUFFER_COMPLETE,
  getError: () => 0,
};

function createContext(canvas: PassThroughCanvas): Record<string | symbol, unknown> {
  let nextId = 1;
  const textures = new Map<unknown, Texture>();
  let boundTexture: Texture | null = null;
  let boundFramebuffer: Framebuffer | null = null;

  const real: Record<string, unknown> = {
    canvas,
    drawingBufferWidth: canvas.width,
    drawingBufferHeight: canvas.height,
    ...GL,
    ...FIXED_ANSWERS,
    createTexture: () => {
      const t: Texture = { id: nextId++, width: 0, height: 0, pixels: null };
      textures.set(t, t);
      return t;
    },
    deleteTexture: (t: Texture | null) => {
      if (t) textures.delete(t);
    },
    bindTexture: (_target: number, t: Texture | null) => {
      boundTexture = t;
    },
    createFramebuffer: (): Framebuffer => ({ id: nextId++, texture: null }),
    bindFramebuffer: (_target: number, fb: Framebuffer | null) => {
      boundFramebuffer = fb;
    },
    framebufferTexture2D: (_t: number, _a: number, _tt: number, tex: Texture | null) => {
      if (boundFramebuffer) boundFramebuffer.texture = tex;
    },
    texImage2D: (...args: unknown[]) => {
      if (!boundTexture) return;
      // Either (target, level, internalformat, format, type, source) or the sized form with a typed array.
      if (args.length === 6) {
        const src = args[5] as PixelSource;
        boundTexture.width = src.width;
        boundTexture.height = src.height;
        boundTexture.pixels = new Uint8Array(src.data.buffer, src.data.byteOffset, src.data.byteLength);
      } else {
        boundTexture.width = args[3] as number;
        boundTexture.height = args[4] as number;
        const data = args[8];
        boundTexture.pixels = data instanceof Uint8Array ? data : null;
      }
    },
    readPixels: (x: number, y: number, w: number, h: number, _format: number, _type: number, out: unknown, dstOffset = 0) => {
      const tex = boundFramebuffer?.texture ?? boundTexture;
      if (!tex?.pixels || !ArrayBuffer.isView(out)) return;
      // Emscripten passes its whole heap plus an element offset (WebGL2 form).
      const elementSize = (out as unknown as { BYTES_PER_ELEMENT?: number }).BYTES_PER_ELEMENT ?? 1;
      const start = out.byteOffset + dstOffset * elementSize;
      const dst = new Uint8Array(out.buffer, start, w * h * 4);
      if (x === 0 && y === 0 && w === tex.width && h === tex.height) {
        dst.set(tex.pixels.subarray(0, Math.min(dst.length, tex.pixels.length)));
        return;
      }
      for (let row = 0; row < h; row++) {
        const from = ((y + row) * tex.width + x) * 4;
        dst.set(tex.pixels.subarray(from, from + w * 4), row * w * 4);
      }
    },
  };
  // Anything not listed above (shaders, buffers, uniforms, draw calls) is a harmless no-op.
  return new Proxy(real, {
    get(target, prop) {
      if (prop in target) return target[prop as string];
      if (typeof prop === 'string' && /^[A-Z_0-9]+$/.test(prop)) return 0;
      if (typeof prop !== 'string') return undefined;
      if (prop.startsWith('create')) return () => ({ id: nextId++ });
      // Emscripten also keeps its own bookkeeping properties on the context (currentPixelPackBufferBinding…):
      // those must read as undefined, not as a function.
      if (GL_METHOD.test(prop)) return () => undefined;
      return undefined;
    },
  });
}

export class PassThroughCanvas {
  width = 1;
  height = 1;
  #context: Record<string | symbol, unknown> | null = null;
  getContext(kind: string): unknown {
    if (kind !== 'webgl2' && kind !== 'webgl') return null;
    this.#context ??= createContext(this);
    return this.#context;
  }
  addEventListener(): void {}
  removeEventListener(): void {}
}

export class ImageDataShim {
  readonly data: Uint8ClampedArray;
  readonly width: number;
  readonly height: number;
  constructor(data: Uint8ClampedArray, width: number, height?: number) {
    this.data = data;
    this.width = width;
    this.height = height ?? data.length / 4 / width;
  }
}
