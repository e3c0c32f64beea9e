// The built-in target models as JSON text (the files the core embeds), loaded on demand for the
// model editor.
const models = import.meta.glob('../../../core/target/models/*.json', { query: '?raw', import: 'default' }) as Record<string, () => Promise<string>>;

export async function builtinModelJson(name: string): Promise<string> {
  const load = Object.entries(models).find(([path]) => path.endsWith(`/${name}.json`))?.[1];
  if (!load) throw new Error(`no built-in model "${name}"`);
  return load();
}
