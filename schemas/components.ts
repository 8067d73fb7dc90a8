import type { TSchema } from 'typebox';
import { ErrorCode, ErrorDetail, ErrorEnvelope } from './errors.ts';
import { Pagination } from './common.ts';
import { Document } from './documents.ts';
import { DocumentChunk } from './chunks.ts';
import { Company, Conversation, Message, Topic } from './resources.ts';
import { Session, User } from './auth.ts';
import { UserDetail } from './users.ts';
import { ApiKey } from './api-keys.ts';
import { Group, TopicAccess } from './groups.ts';
import { SearchHit } from './search.ts';
import { WebResult } from './web-search.ts';
import {
  ChatAnswer,
  ChatStreamEvent,
  CitationMap,
  Source,
  StreamDoneEvent,
  StreamErrorEvent,
  StreamSourcesEvent,
  StreamTokenEvent,
} from './chat.ts';
import { Delivery, Webhook } from './webhooks.ts';
import {
  ChatCompletion,
  ChatCompletionChunk,
  Extension as CogRagCitations,
  ModelList,
  OpenAIErrorResponse,
  Usage as ChatCompletionUsage,
} from '../src/openai/schemas.ts';
import { ScimError } from './scim.ts';
import { Connector, ConnectorRun, RemovedDocument } from './connectors.ts';
import {
  Evaluation,
  EvaluationQuestion,
  EvaluationResult,
  EvaluationSettings,
  EvaluationTotals,
} from './evaluations.ts';

/**
 * Every shared schema with an `$id`, registered once with `app.addSchema` (plugins/swagger.ts):
 * routes point at them with `Type.Ref(id)`, the serializer resolves them, and the OpenAPI document
 * shows each under `components.schemas` by that id. A `Type.Ref` to an id missing here fails at boot.
 */
export const COMPONENTS: TSchema[] = [
  ScimError,
  OpenAIErrorResponse,
  ChatCompletionUsage,
  CogRagCitations,
  ChatCompletion,
  ChatCompletionChunk,
  ModelList,
  ErrorCode,
  ErrorDetail,
  ErrorEnvelope,
  Pagination,
  Document,
  DocumentChunk,
  Topic,
  Conversation,
  CitationMap,
  Message,
  Company,
  User,
  Session,
  UserDetail,
  ApiKey,
  Group,
  TopicAccess,
  SearchHit,
  WebResult,
  Source,
  ChatAnswer,
  StreamTokenEvent,
  StreamSourcesEvent,
  StreamDoneEvent,
  StreamErrorEvent,
  ChatStreamEvent,
  Webhook,
  Delivery,
  EvaluationSettings,
  EvaluationTotals,
  Evaluation,
  EvaluationQuestion,
  EvaluationResult,
  ConnectorRun,
  Connector,
  RemovedDocument,
];
