import { describe, expect, it } from 'vitest';
import { boxMesh, cylinderMesh, modelGlb, shapeOf } from './glb.ts';
import { readGlb } from './media.testing.ts';

interface Gltf {
  asset: { version: string };
  scene: number;
  scenes: { nodes: number[] }[];
  nodes: { mesh: number; rotation?: number[] }[];
  meshes: { primitives: { attributes: Record<string, number>; indices: number }[] }[];
  buffers: { byteLength: number }[];
  bufferViews: { buffer: number; byteOffset: number; byteLength: number }[];
  accessors: {
    bufferView: number;
    componentType: number;
    count: number;
    type: string;
    min?: number[];
    max?: number[];
  }[];
  materials: { pbrMetallicRoughness: { baseColorFactor: number[] } }[];
}

/** Checks that accessors, views and buffer agree, and returns the mesh data read back. */
function meshOf(bytes: Buffer) {
  const { version, json, bin, jsonChunk } = readGlb(bytes);
  expect(version).toBe(2);
  // The JSON chunk is padded with spaces, never with NUL.
  expect(jsonChunk.toString('utf8')).toMatch(/^\{.*\} *$/s);
  const gltf = json as unknown as Gltf;
  expect(gltf.asset.version).toBe('2.0');
  expect(gltf.buffers[0]?.byteLength).toBeLessThanOrEqual(bin.length);
  expect(bin.length - (gltf.buffers[0]?.byteLength ?? 0)).toBeLessThan(4);
  for (const view of gltf.bufferViews) {
    expect(view.byteOffset % 4).toBe(0);
    expect(view.byteOffset + view.byteLength).toBeLessThanOrEqual(gltf.buffers[0]?.byteLength ?? 0);
  }
  const [position, normal, index] = gltf.accessors;
  const view = (n: number | undefined) => gltf.bufferViews[n ?? -1];
  const floats = (n: number | undefined) => {
    const v = view(n);
    return new Float32Array(
      bin.buffer.slice(
        bin.byteOffset + (v?.byteOffset ?? 0),
        bin.byteOffset + (v?.byteOffset ?? 0) + (v?.byteLength ?? 0),
      ),
    );
  };
  const positions = floats(position?.bufferView);
  const normals = floats(normal?.bufferView);
  const iv = view(index?.bufferView);
  const indices = new Uint16Array(
    bin.buffer.slice(
      bin.byteOffset + (iv?.byteOffset ?? 0),
      bin.byteOffset + (iv?.byteOffset ?? 0) + (iv?.byteLength ?? 0),
    ),
  );
  expect(position).toMatchObject({
    componentType: 5126,
    type: 'VEC3',
    count: positions.length / 3,
  });
  expect(normal).toMatchObject({ componentType: 5126, type: 'VEC3', count: normals.length / 3 });
  expect(index).toMatchObject({ componentType: 5123, type: 'SCALAR', count: indices.length });
  return { gltf, positions, normals, indices };
}

describe('modelGlb', () => {
  it('writes a valid GLB header, JSON chunk and BIN chunk', () => {
    const bytes = modelGlb('wheel');
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('glTF');
    expect(bytes.readUInt32LE(4)).toBe(2);
    expect(bytes.readUInt32LE(8)).toBe(bytes.length);
    expect(bytes.length % 4).toBe(0);
    const { gltf } = meshOf(bytes);
    expect(gltf.scenes[gltf.scene]?.nodes).toEqual([0]);
    expect(gltf.nodes[0]?.mesh).toBe(0);
    expect(gltf.meshes[0]?.primitives[0]).toMatchObject({
      attributes: { POSITION: 0, NORMAL: 1 },
      indices: 2,
    });
  });

  it.each(['wheel', 'battery', 'seal-kit', 'axle', 'gizmo', 'wheel-3', 'filter', 'chain'])(
    'gives %s consistent geometry',
    (name) => {
      const { gltf, positions, normals, indices } = meshOf(modelGlb(name));
      const count = positions.length / 3;
      expect(normals.length).toBe(positions.length);
      expect(indices.length % 3).toBe(0);
      for (const i of indices) expect(i).toBeLessThan(count);
      // min and max are exactly the extremes of the positions, as glTF requires.
      const accessor = gltf.accessors[0];
      for (let axis = 0; axis < 3; axis += 1) {
        const values = Array.from(positions.filter((_, i) => i % 3 === axis));
        expect(accessor?.min?.[axis]).toBe(Math.min(...values));
        expect(accessor?.max?.[axis]).toBe(Math.max(...values));
      }
      // Normals are unit length.
      for (let i = 0; i < normals.length; i += 3) {
        const length = Math.hypot(normals[i] ?? 0, normals[i + 1] ?? 0, normals[i + 2] ?? 0);
        expect(length).toBeCloseTo(1, 5);
      }
      const colour = gltf.materials[0]?.pbrMetallicRoughness.baseColorFactor ?? [];
      expect(colour).toHaveLength(4);
      for (const channel of colour) expect(channel).toBeGreaterThanOrEqual(0);
    },
  );

  it('is deterministic and small', () => {
    expect(modelGlb('pump')).toEqual(modelGlb('pump'));
    expect(modelGlb('wheel').length).toBeLessThan(16 * 1024);
  });

  it('shows round parts facing the viewer and long ones lying', () => {
    expect(shapeOf('wheel').rotation).toEqual([0.7071068, 0, 0, 0.7071068]);
    expect(shapeOf('axle').rotation).toEqual([0, 0, 0.7071068, 0.7071068]);
    expect(shapeOf('battery').rotation).toBeUndefined();
  });
});

describe('meshes', () => {
  /** Outward winding: each triangle's normal points away from the centre. */
  function expectOutward(mesh: ReturnType<typeof boxMesh>) {
    const p = (i: number) => mesh.positions.slice(i * 3, i * 3 + 3);
    for (let t = 0; t < mesh.indices.length; t += 3) {
      const [a, b, c] = [
        p(mesh.indices[t] ?? 0),
        p(mesh.indices[t + 1] ?? 0),
        p(mesh.indices[t + 2] ?? 0),
      ];
      const e1 = [0, 1, 2].map((k) => (b[k] ?? 0) - (a[k] ?? 0));
      const e2 = [0, 1, 2].map((k) => (c[k] ?? 0) - (a[k] ?? 0));
      const cross = [
        (e1[1] ?? 0) * (e2[2] ?? 0) - (e1[2] ?? 0) * (e2[1] ?? 0),
        (e1[2] ?? 0) * (e2[0] ?? 0) - (e1[0] ?? 0) * (e2[2] ?? 0),
        (e1[0] ?? 0) * (e2[1] ?? 0) - (e1[1] ?? 0) * (e2[0] ?? 0),
      ];
      const centre = [0, 1, 2].map((k) => ((a[k] ?? 0) + (b[k] ?? 0) + (c[k] ?? 0)) / 3);
      const dot = cross.reduce((sum, value, k) => sum + value * (centre[k] ?? 0), 0);
      expect(dot).toBeGreaterThan(0);
    }
  }

  it('builds a box of 24 vertices and 12 outward triangles', () => {
    const mesh = boxMesh(1, 2, 3);
    expect(mesh.positions.length / 3).toBe(24);
    expect(mesh.indices.length / 3).toBe(12);
    const xs = mesh.positions.filter((_, i) => i % 3 === 0);
    const ys = mesh.positions.filter((_, i) => i % 3 === 1);
    expect([Math.min(...xs), Math.max(...xs)]).toEqual([-0.5, 0.5]);
    expect([Math.min(...ys), Math.max(...ys)]).toEqual([-1, 1]);
    expectOutward(mesh);
  });

  it('builds a closed cylinder with outward triangles', () => {
    const mesh = cylinderMesh(0.5, 1, 12);
    expect(mesh.indices.length / 3).toBe(12 * 2 + 12 * 2);
    expectOutward(mesh);
  });
});
