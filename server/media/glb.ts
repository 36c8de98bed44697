import { kindOfHandle } from './pictures.ts';
import { hashString, palette } from './svg.ts';

/**
 * Small binary glTF 2.0 models (.glb) for the product 3D viewer: one box or cylinder mesh
 * sized and coloured by the kind of part. Layout per the glTF 2.0 specification, "GLB File
 * Format": a 12-byte header, a JSON chunk padded with spaces, a BIN chunk padded with zeros.
 */

interface Mesh {
  positions: number[];
  normals: number[];
  indices: number[];
}

const GLB_MAGIC = 0x46546c67; // 'glTF'
const CHUNK_JSON = 0x4e4f534a; // 'JSON'
const CHUNK_BIN = 0x004e4942; // 'BIN\0'

/** A box centred on the origin: 4 vertices per face so every face has its own normal. */
export function boxMesh(sx: number, sy: number, sz: number): Mesh {
  const mesh: Mesh = { positions: [], normals: [], indices: [] };
  const [hx, hy, hz] = [sx / 2, sy / 2, sz / 2];
  // Each face: its normal and two axes spanning it (u x v = normal, so winding is CCW).
  const faces: [number[], number[], number[]][] = [
    [
      [1, 0, 0],
      [0, 0, -1],
      [0, 1, 0],
    ],
    [
      [-1, 0, 0],
      [0, 0, 1],
      [0, 1, 0],
    ],
    [
      [0, 1, 0],
      [1, 0, 0],
      [0, 0, -1],
    ],
    [
      [0, -1, 0],
      [1, 0, 0],
      [0, 0, 1],
    ],
    [
      [0, 0, 1],
      [1, 0, 0],
      [0, 1, 0],
    ],
    [
      [0, 0, -1],
      [-1, 0, 0],
      [0, 1, 0],
    ],
  ];
  const half = [hx, hy, hz];
  for (const [n, u, v] of faces) {
    const base = mesh.positions.length / 3;
    for (const [a, b] of [
      [-1, -1],
      [1, -1],
      [1, 1],
      [-1, 1],
    ] as const) {
      for (let axis = 0; axis < 3; axis += 1) {
        const h = half[axis] ?? 0;
        mesh.positions.push(((n[axis] ?? 0) + a * (u[axis] ?? 0) + b * (v[axis] ?? 0)) * h);
        mesh.normals.push(n[axis] ?? 0);
      }
    }
    mesh.indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
  }
  return mesh;
}

/** A closed cylinder along the Y axis, centred on the origin. */
export function cylinderMesh(radius: number, height: number, segments = 24): Mesh {
  const mesh: Mesh = { positions: [], normals: [], indices: [] };
  const hy = height / 2;
  for (let i = 0; i <= segments; i += 1) {
    const angle = (i / segments) * Math.PI * 2;
    const [c, s] = [Math.cos(angle), Math.sin(angle)];
    mesh.positions.push(radius * c, -hy, radius * s, radius * c, hy, radius * s);
    mesh.normals.push(c, 0, s, c, 0, s);
  }
  for (let i = 0; i < segments; i += 1) {
    const a = i * 2;
    mesh.indices.push(a, a + 1, a + 3, a, a + 3, a + 2);
  }
  for (const [y, ny] of [
    [hy, 1],
    [-hy, -1],
  ] as const) {
    const centre = mesh.positions.length / 3;
    mesh.positions.push(0, y, 0);
    mesh.normals.push(0, ny, 0);
    for (let i = 0; i <= segments; i += 1) {
      const angle = (i / segments) * Math.PI * 2;
      mesh.positions.push(radius * Math.cos(angle), y, radius * Math.sin(angle));
      mesh.normals.push(0, ny, 0);
    }
    for (let i = 0; i < segments; i += 1) {
      const a = centre + 1 + i;
      if (ny > 0) mesh.indices.push(centre, a + 1, a);
      else mesh.indices.push(centre, a, a + 1);
    }
  }
  return mesh;
}

const FACING = [0.7071068, 0, 0, 0.7071068]; // axis towards the viewer (90 degrees about X)
const LYING = [0, 0, 0.7071068, 0.7071068]; // axis left to right (90 degrees about Z)

/** The mesh and node rotation that stand for a kind of part. */
export function shapeOf(kind: string): { mesh: Mesh; rotation?: number[] } {
  switch (kind) {
    case 'wheel':
    case 'tire':
    case 'bearing':
    case 'brake':
    case 'horn':
    case 'light':
      return { mesh: cylinderMesh(0.5, kind === 'bearing' ? 0.15 : 0.25), rotation: FACING };
    case 'axle':
    case 'pin':
    case 'roller':
    case 'cylinder':
      return { mesh: cylinderMesh(kind === 'roller' ? 0.2 : 0.12, 1.2), rotation: LYING };
    case 'filter':
      return { mesh: cylinderMesh(0.3, 0.7) };
    case 'seal-kit':
      return { mesh: cylinderMesh(0.5, 0.08) };
    case 'battery':
      return { mesh: boxMesh(0.8, 0.6, 0.5) };
    case 'charger':
      return { mesh: boxMesh(0.6, 0.5, 0.3) };
    case 'pump':
      return { mesh: boxMesh(0.5, 0.7, 0.4) };
    case 'controller':
    case 'switch':
      return { mesh: boxMesh(0.6, 0.2, 0.4) };
    case 'fork':
    case 'handle':
      return { mesh: boxMesh(0.15, 1.2, 0.15) };
    case 'chain':
      return { mesh: boxMesh(1.2, 0.1, 0.15) };
    case 'seat':
      return { mesh: boxMesh(0.6, 0.25, 0.6) };
    default:
      return { mesh: boxMesh(0.5, 0.5, 0.5) };
  }
}

const pad = (length: number): number => (4 - (length % 4)) % 4;

function colourOf(hex: string): number[] {
  return [1, 3, 5].map(
    (at) => Math.round((parseInt(hex.slice(at, at + 2), 16) / 255) * 1000) / 1000,
  );
}

/**
 * A .glb model for a name such as "wheel" or "wheel-3": the shape of its kind.
 * @example modelGlb('wheel').readUInt32LE(0) === 0x46546c67 // 'glTF'
 */
export function modelGlb(name: string): Buffer {
  const kind = kindOfHandle(name);
  const { mesh, rotation } = shapeOf(kind);
  const positions = Float32Array.from(mesh.positions);
  const normals = Float32Array.from(mesh.normals);
  const indices = Uint16Array.from(mesh.indices);
  const count = positions.length / 3;
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  positions.forEach((value, i) => {
    const axis = i % 3;
    min[axis] = Math.min(min[axis] ?? value, value);
    max[axis] = Math.max(max[axis] ?? value, value);
  });

  const binLength = positions.byteLength + normals.byteLength + indices.byteLength;
  const bin = Buffer.alloc(binLength + pad(binLength));
  Buffer.from(positions.buffer).copy(bin, 0);
  Buffer.from(normals.buffer).copy(bin, positions.byteLength);
  Buffer.from(indices.buffer).copy(bin, positions.byteLength + normals.byteLength);

  const gltf = {
    asset: { version: '2.0', generator: 'Industrial Parts Depot reference API' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ name, mesh: 0, ...(rotation ? { rotation } : {}) }],
    meshes: [
      {
        name: kind,
        primitives: [{ attributes: { POSITION: 0, NORMAL: 1 }, indices: 2, material: 0, mode: 4 }],
      },
    ],
    materials: [
      {
        name: `${kind} finish`,
        pbrMetallicRoughness: {
          baseColorFactor: [...colourOf(palette(hashString(kind)).primary), 1],
          metallicFactor: 0.3,
          roughnessFactor: 0.6,
        },
      },
    ],
    buffers: [{ byteLength: binLength }],
    bufferViews: [
      { buffer: 0, byteOffset: 0, byteLength: positions.byteLength, target: 34962 },
      {
        buffer: 0,
        byteOffset: positions.byteLength,
        byteLength: normals.byteLength,
        target: 34962,
      },
      {
        buffer: 0,
        byteOffset: positions.byteLength + normals.byteLength,
        byteLength: indices.byteLength,
        target: 34963,
      },
    ],
    accessors: [
      { bufferView: 0, componentType: 5126, count, type: 'VEC3', min, max },
      { bufferView: 1, componentType: 5126, count, type: 'VEC3' },
      { bufferView: 2, componentType: 5123, count: indices.length, type: 'SCALAR' },
    ],
  };
  const jsonText = Buffer.from(JSON.stringify(gltf), 'utf8');
  const json = Buffer.concat([jsonText, Buffer.alloc(pad(jsonText.length), 0x20)]);

  const header = Buffer.alloc(12);
  const total = 12 + 8 + json.length + 8 + bin.length;
  header.writeUInt32LE(GLB_MAGIC, 0);
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(total, 8);
  const chunk = (type: number, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32LE(body.length, 0);
    head.writeUInt32LE(type, 4);
    return Buffer.concat([head, body]);
  };
  return Buffer.concat([header, chunk(CHUNK_JSON, json), chunk(CHUNK_BIN, bin)]);
}
