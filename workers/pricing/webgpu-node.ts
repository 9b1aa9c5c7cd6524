// WebGPU in Node through the `webgpu` package (Google's Dawn). On machines without a GPU,
// point Vulkan at a software device before the process starts, e.g. Chromium's SwiftShader:
//   VK_ICD_FILENAMES=/usr/lib/chromium/vk_swiftshader_icd.json LD_LIBRARY_PATH=/usr/lib/chromium
// (SwiftShader is a CPU emulation: correct, not fast.)
export async function nodeGpu(): Promise<GPU | undefined> {
  try {
    const { create, globals } = await import('webgpu');
    // The kernel uses GPUBufferUsage / GPUMapMode, which browsers define globally.
    Object.assign(globalThis, globals);
    return create([]) as GPU;
  } catch {
    return undefined;
  }
}

/** Environment that lets Dawn find Chromium's SwiftShader Vulkan driver, when it is installed. */
export function swiftShaderEnv(): Record<string, string> {
  return {
    VK_ICD_FILENAMES: '/usr/lib/chromium/vk_swiftshader_icd.json',
    LD_LIBRARY_PATH: '/usr/lib/chromium',
    XDG_RUNTIME_DIR: process.env.XDG_RUNTIME_DIR ?? '/tmp',
  };
}
