/** "provider/model id" of a model object, or the id string as given: how the trace names it. */
export function modelName(model: string | { provider: string; modelId: string }): string {
  return typeof model === "string" ? model : `${model.provider}/${model.modelId}`;
}
