// The 4×4×4 cube in three.js for the Qubic exhibit: 64 cells as spheres (empty cells
// small and grey, the person's red, the machine's blue), drag to orbit, click a cell to
// move, the winning row drawn as a bar through its four cells. Drawn on demand (after a
// change or a drag), not in an animation loop. Only the parts of three.js used here are
// imported, so the chunk stays small; `createCube` returns null without WebGL.
import {
  AmbientLight,
  BoxGeometry,
  CylinderGeometry,
  DirectionalLight,
  EdgesGeometry,
  Group,
  LineBasicMaterial,
  LineSegments,
  Mesh,
  MeshLambertMaterial,
  PerspectiveCamera,
  Quaternion,
  Raycaster,
  Scene,
  SphereGeometry,
  Vector2,
  Vector3,
  WebGLRenderer,
} from 'three';

type Who = 'human' | 'machine' | null;

export interface CubeView {
  /** Show the cells, the winning row (cell indices) and the machine's last move. */
  show(cells: Who[], line: number[] | null, last: number | null): void;
  /** Where cell `i` is drawn, in client (page viewport) pixels. */
  cellPoint(i: number): { x: number; y: number };
  dispose(): void;
}

/** Where cell `i` (tier·16 + row·4 + column) stands: tier 1 on top. */
function position(i: number): Vector3 {
  const t = i >> 4, r = (i >> 2) & 3, c = i & 3;
  return new Vector3((c - 1.5) * 1.1, (1.5 - t) * 1.5, (r - 1.5) * 1.1);
}

export function createCube(host: HTMLElement, onCell: (index: number) => void): CubeView | null {
  let renderer: WebGLRenderer;
  try {
    const probe = document.createElement('canvas');
    if (!probe.getContext('webgl2') && !probe.getContext('webgl')) return null;
    renderer = new WebGLRenderer({ antialias: true, alpha: true });
  } catch {
    return null;
  }
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
  const canvas = renderer.domElement;
  canvas.setAttribute('data-cube-canvas', '');
  canvas.setAttribute('aria-label', 'the cube in 3D: drag to turn, click a cell to move');
  canvas.style.display = 'block';
  host.append(canvas);

  const scene = new Scene();
  const camera = new PerspectiveCamera(40, 4 / 3, 0.1, 100);
  camera.position.set(0, 2.5, 11.5);
  camera.lookAt(0, 0, 0);
  scene.add(new AmbientLight(0xffffff, 1.6));
  const sun = new DirectionalLight(0xffffff, 1.8);
  sun.position.set(4, 8, 6);
  scene.add(sun);

  const cube = new Group();
  cube.rotation.set(0.45, -0.6, 0);
  scene.add(cube);

  // The four planes as thin outlined slabs.
  const slab = new EdgesGeometry(new BoxGeometry(4.4, 0.02, 4.4));
  const slabLine = new LineBasicMaterial({ color: 0x8a7d66 });
  for (let t = 0; t < 4; t++) {
    const s = new LineSegments(slab, slabLine);
    s.position.set(0, (1.5 - t) * 1.5 - 0.3, 0);
    cube.add(s);
  }

  const ball = new SphereGeometry(0.3, 20, 14);
  const materials = {
    empty: new MeshLambertMaterial({ color: 0xb9b0a0, transparent: true, opacity: 0.45 }),
    human: new MeshLambertMaterial({ color: 0xb3261e }),
    machine: new MeshLambertMaterial({ color: 0x1f5fa8 }),
    last: new MeshLambertMaterial({ color: 0x4f8fe0, emissive: 0x10305a }),
  };
  const cells: Mesh[] = [];
  for (let i = 0; i < 64; i++) {
    const m = new Mesh(ball, materials.empty);
    m.position.copy(position(i));
    m.userData.index = i;
    cells.push(m);
    cube.add(m);
  }
  const bar = new Mesh(new CylinderGeometry(0.08, 0.08, 1, 12), new MeshLambertMaterial({ color: 0x2e7d32, emissive: 0x0d3b10 }));
  bar.visible = false;
  cube.add(bar);

  const draw = () => renderer.render(scene, camera);
  const resize = () => {
    const w = host.clientWidth || 480;
    const h = host.clientHeight || Math.round(w * 0.75);
    renderer.setSize(w, h, false);
    canvas.style.width = '100%';
    canvas.style.height = '100%';
    camera.aspect = w / h;
    camera.updateProjectionMatrix();
    draw();
  };
  const observer = new ResizeObserver(resize);
  observer.observe(host);
  resize();

  // Drag to orbit; a click that did not move picks a cell.
  let down: { x: number; y: number; moved: boolean } | null = null;
  const onDown = (e: PointerEvent) => { down = { x: e.clientX, y: e.clientY, moved: false }; canvas.setPointerCapture(e.pointerId); };
  const onMove = (e: PointerEvent) => {
    if (!down) return;
    const dx = e.clientX - down.x, dy = e.clientY - down.y;
    if (Math.abs(dx) + Math.abs(dy) > 4) down.moved = true;
    if (!down.moved) return;
    const q = new Quaternion();
    q.setFromAxisAngle(new Vector3(0, 1, 0), dx * 0.01);
    cube.quaternion.premultiply(q);
    q.setFromAxisAngle(new Vector3(1, 0, 0), dy * 0.01);
    cube.quaternion.premultiply(q);
    down.x = e.clientX;
    down.y = e.clientY;
    draw();
  };
  const ray = new Raycaster();
  const onUp = (e: PointerEvent) => {
    const was = down;
    down = null;
    if (!was || was.moved) return;
    const r = canvas.getBoundingClientRect();
    const p = new Vector2(((e.clientX - r.left) / r.width) * 2 - 1, -((e.clientY - r.top) / r.height) * 2 + 1);
    ray.setFromCamera(p, camera);
    const hit = ray.intersectObjects(cells, false)[0];
    if (hit) onCell(hit.object.userData.index as number);
  };
  canvas.addEventListener('pointerdown', onDown);
  canvas.addEventListener('pointermove', onMove);
  canvas.addEventListener('pointerup', onUp);

  return {
    show(marks, line, last) {
      marks.forEach((who, i) => {
        const m = cells[i];
        m.material = who === 'machine' && i === last ? materials.last : materials[who ?? 'empty'];
        m.scale.setScalar(who ? 1.25 : 0.6);
      });
      if (line && line.length === 4) {
        const a = position(line[0]), b = position(line[3]);
        const dir = b.clone().sub(a);
        const len = dir.length() + 1.2;
        bar.position.copy(a.clone().add(b).multiplyScalar(0.5));
        bar.scale.set(1, len, 1);
        bar.quaternion.setFromUnitVectors(new Vector3(0, 1, 0), dir.normalize());
        bar.visible = true;
      } else {
        bar.visible = false;
      }
      draw();
    },
    cellPoint(i) {
      cube.updateMatrixWorld();
      const p = cells[i].getWorldPosition(new Vector3()).project(camera);
      const r = canvas.getBoundingClientRect();
      return { x: r.left + ((p.x + 1) / 2) * r.width, y: r.top + ((1 - p.y) / 2) * r.height };
    },
    dispose() {
      observer.disconnect();
      canvas.removeEventListener('pointerdown', onDown);
      canvas.removeEventListener('pointermove', onMove);
      canvas.removeEventListener('pointerup', onUp);
      renderer.dispose();
      canvas.remove();
    },
  };
}
