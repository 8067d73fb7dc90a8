""" Contains all the data models used in inputs/outputs """

from .accept_invitation_request import AcceptInvitationRequest
from .accept_invitation_response import AcceptInvitationResponse
from .accept_invitation_x_refresh_cookie import AcceptInvitationXRefreshCookie
from .api_key import ApiKey
from .api_key_environment import ApiKeyEnvironment
from .api_key_visitor_tokens import ApiKeyVisitorTokens
from .change_password_request import ChangePasswordRequest
from .change_password_response import ChangePasswordResponse
from .change_password_x_refresh_cookie import ChangePasswordXRefreshCookie
from .chat_answer import ChatAnswer
from .chat_completion import ChatCompletion
from .chat_completion_choice import ChatCompletionChoice
from .chat_completion_choice_finish_reason import ChatCompletionChoiceFinishReason
from .chat_completion_choice_logprobs import ChatCompletionChoiceLogprobs
from .chat_completion_choice_logprobs_content_item import ChatCompletionChoiceLogprobsContentItem
from .chat_completion_choice_message import ChatCompletionChoiceMessage
from .chat_completion_choice_message_role import ChatCompletionChoiceMessageRole
from .chat_completion_chunk import ChatCompletionChunk
from .chat_completion_chunk_choice import ChatCompletionChunkChoice
from .chat_completion_chunk_choice_delta import ChatCompletionChunkChoiceDelta
from .chat_completion_chunk_choice_delta_role import ChatCompletionChunkChoiceDeltaRole
from .chat_completion_chunk_choice_logprobs import ChatCompletionChunkChoiceLogprobs
from .chat_completion_chunk_choice_logprobs_content_item import ChatCompletionChunkChoiceLogprobsContentItem
from .chat_completion_chunk_object import ChatCompletionChunkObject
from .chat_completion_object import ChatCompletionObject
from .chat_completion_usage import ChatCompletionUsage
from .citation_map import CitationMap
from .citation_map_value import CitationMapValue
from .citation_map_value_kind import CitationMapValueKind
from .cog_rag_citations import CogRagCitations
from .company import Company
from .company_limits import CompanyLimits
from .company_settings import CompanySettings
from .company_settings_language import CompanySettingsLanguage
from .company_usage import CompanyUsage
from .connector import Connector
from .connector_config import ConnectorConfig
from .connector_kind import ConnectorKind
from .connector_limits import ConnectorLimits
from .connector_run import ConnectorRun
from .connector_run_error import ConnectorRunError
from .connector_run_status import ConnectorRunStatus
from .connector_run_trigger import ConnectorRunTrigger
from .conversation import Conversation
from .create_api_key_request import CreateApiKeyRequest
from .create_api_key_request_environment import CreateApiKeyRequestEnvironment
from .create_api_key_response import CreateApiKeyResponse
from .create_api_key_response_data import CreateApiKeyResponseData
from .create_api_key_response_data_environment import CreateApiKeyResponseDataEnvironment
from .create_api_key_response_data_visitor_tokens import CreateApiKeyResponseDataVisitorTokens
from .create_chat_completion_request import CreateChatCompletionRequest
from .create_chat_completion_request_message import CreateChatCompletionRequestMessage
from .create_chat_completion_request_message_content_option_2_item import CreateChatCompletionRequestMessageContentOption2Item
from .create_chat_completion_request_message_role import CreateChatCompletionRequestMessageRole
from .create_chat_completion_request_stream_options import CreateChatCompletionRequestStreamOptions
from .create_connector_request import CreateConnectorRequest
from .create_connector_request_config import CreateConnectorRequestConfig
from .create_connector_request_kind import CreateConnectorRequestKind
from .create_connector_request_limits import CreateConnectorRequestLimits
from .create_connector_response import CreateConnectorResponse
from .create_conversation_request import CreateConversationRequest
from .create_conversation_response import CreateConversationResponse
from .create_evaluation_request import CreateEvaluationRequest
from .create_evaluation_request_format import CreateEvaluationRequestFormat
from .create_evaluation_response import CreateEvaluationResponse
from .create_group_request import CreateGroupRequest
from .create_group_response import CreateGroupResponse
from .create_scim_token_request import CreateScimTokenRequest
from .create_scim_token_response import CreateScimTokenResponse
from .create_scim_token_response_data import CreateScimTokenResponseData
from .create_topic_request import CreateTopicRequest
from .create_topic_response import CreateTopicResponse
from .create_user_request import CreateUserRequest
from .create_user_request_role import CreateUserRequestRole
from .create_user_response import CreateUserResponse
from .create_user_response_data import CreateUserResponseData
from .create_user_response_data_invitation import CreateUserResponseDataInvitation
from .create_webhook_request import CreateWebhookRequest
from .create_webhook_request_events_item import CreateWebhookRequestEventsItem
from .create_webhook_response import CreateWebhookResponse
from .create_webhook_response_data import CreateWebhookResponseData
from .create_webhook_response_data_events_item import CreateWebhookResponseDataEventsItem
from .delete_api_key_response import DeleteApiKeyResponse
from .delete_api_key_response_data import DeleteApiKeyResponseData
from .delete_connector_response import DeleteConnectorResponse
from .delete_connector_response_data import DeleteConnectorResponseData
from .delete_conversation_response import DeleteConversationResponse
from .delete_conversation_response_data import DeleteConversationResponseData
from .delete_document_response import DeleteDocumentResponse
from .delete_document_response_data import DeleteDocumentResponseData
from .delete_evaluation_response import DeleteEvaluationResponse
from .delete_evaluation_response_data import DeleteEvaluationResponseData
from .delete_group_response import DeleteGroupResponse
from .delete_group_response_data import DeleteGroupResponseData
from .delete_scim_token_response import DeleteScimTokenResponse
from .delete_scim_token_response_data import DeleteScimTokenResponseData
from .delete_topic_response import DeleteTopicResponse
from .delete_user_response import DeleteUserResponse
from .delete_user_response_data import DeleteUserResponseData
from .delete_webhook_response import DeleteWebhookResponse
from .delete_webhook_response_data import DeleteWebhookResponseData
from .delivery import Delivery
from .delivery_event import DeliveryEvent
from .delivery_status import DeliveryStatus
from .document import Document
from .document_chunk import DocumentChunk
from .document_metadata import DocumentMetadata
from .document_metadata_attachment import DocumentMetadataAttachment
from .document_metadata_ocr import DocumentMetadataOcr
from .document_metadata_ocr_page import DocumentMetadataOcrPage
from .document_status import DocumentStatus
from .download_document_file_disposition import DownloadDocumentFileDisposition
from .download_public_document_file_disposition import DownloadPublicDocumentFileDisposition
from .error_code import ErrorCode
from .error_detail import ErrorDetail
from .error_envelope import ErrorEnvelope
from .error_envelope_error import ErrorEnvelopeError
from .error_envelope_error_current_role import ErrorEnvelopeErrorCurrentRole
from .error_envelope_error_limit import ErrorEnvelopeErrorLimit
from .error_envelope_error_reason import ErrorEnvelopeErrorReason
from .error_envelope_error_required_role import ErrorEnvelopeErrorRequiredRole
from .error_envelope_error_usage import ErrorEnvelopeErrorUsage
from .evaluation import Evaluation
from .evaluation_question import EvaluationQuestion
from .evaluation_question_kind import EvaluationQuestionKind
from .evaluation_result import EvaluationResult
from .evaluation_result_scores import EvaluationResultScores
from .evaluation_settings import EvaluationSettings
from .evaluation_status import EvaluationStatus
from .evaluation_totals import EvaluationTotals
from .evaluation_totals_contains_by_kind import EvaluationTotalsContainsByKind
from .evaluation_totals_latency_ms import EvaluationTotalsLatencyMs
from .evaluation_totals_ttft_ms import EvaluationTotalsTtftMs
from .export_audit_events_actor_type import ExportAuditEventsActorType
from .export_audit_events_outcome import ExportAuditEventsOutcome
from .export_insights_csv_table import ExportInsightsCsvTable
from .forgot_password_request import ForgotPasswordRequest
from .forgot_password_response import ForgotPasswordResponse
from .forgot_password_response_data import ForgotPasswordResponseData
from .get_answerer_response import GetAnswererResponse
from .get_answerer_response_data import GetAnswererResponseData
from .get_answerer_response_data_endpoint import GetAnswererResponseDataEndpoint
from .get_answerer_response_data_endpoint_kind import GetAnswererResponseDataEndpointKind
from .get_answerer_response_data_installation import GetAnswererResponseDataInstallation
from .get_answerer_response_data_provider import GetAnswererResponseDataProvider
from .get_auth_providers_response import GetAuthProvidersResponse
from .get_auth_providers_response_data import GetAuthProvidersResponseData
from .get_auth_providers_response_data_google import GetAuthProvidersResponseDataGoogle
from .get_auth_providers_response_data_microsoft import GetAuthProvidersResponseDataMicrosoft
from .get_auth_providers_response_data_oidc_item import GetAuthProvidersResponseDataOidcItem
from .get_company_response import GetCompanyResponse
from .get_connector_response import GetConnectorResponse
from .get_conversation_response import GetConversationResponse
from .get_conversation_response_data import GetConversationResponseData
from .get_document_response import GetDocumentResponse
from .get_evaluation_response import GetEvaluationResponse
from .get_evaluation_response_data import GetEvaluationResponseData
from .get_evaluation_response_data_status import GetEvaluationResponseDataStatus
from .get_group_response import GetGroupResponse
from .get_health_details_response import GetHealthDetailsResponse
from .get_health_details_response_data import GetHealthDetailsResponseData
from .get_health_details_response_data_ingestion_queue import GetHealthDetailsResponseDataIngestionQueue
from .get_health_details_response_data_status import GetHealthDetailsResponseDataStatus
from .get_health_response import GetHealthResponse
from .get_health_response_data import GetHealthResponseData
from .get_health_response_data_status import GetHealthResponseDataStatus
from .get_insights_conversation_response import GetInsightsConversationResponse
from .get_insights_conversation_response_data import GetInsightsConversationResponseData
from .get_insights_conversation_response_data_channel import GetInsightsConversationResponseDataChannel
from .get_insights_conversation_response_data_message import GetInsightsConversationResponseDataMessage
from .get_insights_conversation_response_data_message_feedback_type_0 import GetInsightsConversationResponseDataMessageFeedbackType0
from .get_insights_conversation_response_data_message_role import GetInsightsConversationResponseDataMessageRole
from .get_insights_response import GetInsightsResponse
from .get_insights_response_data import GetInsightsResponseData
from .get_insights_response_data_most_cited_item import GetInsightsResponseDataMostCitedItem
from .get_insights_response_data_questions_per_day_item import GetInsightsResponseDataQuestionsPerDayItem
from .get_insights_response_data_thumbs_down_item import GetInsightsResponseDataThumbsDownItem
from .get_insights_response_data_thumbs_down_item_channel import GetInsightsResponseDataThumbsDownItemChannel
from .get_insights_response_data_totals import GetInsightsResponseDataTotals
from .get_insights_response_data_unanswered_item import GetInsightsResponseDataUnansweredItem
from .get_insights_response_data_unanswered_item_channel import GetInsightsResponseDataUnansweredItemChannel
from .get_invitation_request import GetInvitationRequest
from .get_invitation_response import GetInvitationResponse
from .get_invitation_response_data import GetInvitationResponseData
from .get_me_response import GetMeResponse
from .get_me_response_data import GetMeResponseData
from .get_me_response_data_company import GetMeResponseDataCompany
from .get_readiness_response import GetReadinessResponse
from .get_readiness_response_data import GetReadinessResponseData
from .get_readiness_response_data_ingestion_queue import GetReadinessResponseDataIngestionQueue
from .get_readiness_response_data_status import GetReadinessResponseDataStatus
from .get_topic_access_response import GetTopicAccessResponse
from .get_user_response import GetUserResponse
from .get_webhook_response import GetWebhookResponse
from .get_webhook_response_data import GetWebhookResponseData
from .get_webhook_response_data_events_item import GetWebhookResponseDataEventsItem
from .group import Group
from .group_grant import GroupGrant
from .group_grant_access import GroupGrantAccess
from .group_member import GroupMember
from .group_member_role import GroupMemberRole
from .issue_password_reset_response import IssuePasswordResetResponse
from .issue_password_reset_response_data import IssuePasswordResetResponseData
from .list_answerer_models_request import ListAnswererModelsRequest
from .list_answerer_models_request_provider import ListAnswererModelsRequestProvider
from .list_answerer_models_response import ListAnswererModelsResponse
from .list_answerer_models_response_data import ListAnswererModelsResponseData
from .list_api_keys_response import ListApiKeysResponse
from .list_api_keys_response_data import ListApiKeysResponseData
from .list_audit_events_actor_type import ListAuditEventsActorType
from .list_audit_events_format import ListAuditEventsFormat
from .list_audit_events_order import ListAuditEventsOrder
from .list_audit_events_outcome import ListAuditEventsOutcome
from .list_audit_events_response import ListAuditEventsResponse
from .list_audit_events_response_data import ListAuditEventsResponseData
from .list_audit_events_response_data_item import ListAuditEventsResponseDataItem
from .list_audit_events_response_data_item_actor import ListAuditEventsResponseDataItemActor
from .list_audit_events_response_data_item_actor_type import ListAuditEventsResponseDataItemActorType
from .list_audit_events_response_data_item_details import ListAuditEventsResponseDataItemDetails
from .list_audit_events_response_data_item_outcome import ListAuditEventsResponseDataItemOutcome
from .list_audit_events_response_data_item_target import ListAuditEventsResponseDataItemTarget
from .list_audit_events_sort import ListAuditEventsSort
from .list_companies_order import ListCompaniesOrder
from .list_companies_response import ListCompaniesResponse
from .list_companies_response_data import ListCompaniesResponseData
from .list_companies_sort import ListCompaniesSort
from .list_connector_runs_response import ListConnectorRunsResponse
from .list_connector_runs_response_data import ListConnectorRunsResponseData
from .list_connectors_response import ListConnectorsResponse
from .list_connectors_response_data import ListConnectorsResponseData
from .list_conversations_order import ListConversationsOrder
from .list_conversations_response import ListConversationsResponse
from .list_conversations_response_data import ListConversationsResponseData
from .list_conversations_sort import ListConversationsSort
from .list_document_chunks_response import ListDocumentChunksResponse
from .list_document_chunks_response_data import ListDocumentChunksResponseData
from .list_documents_order import ListDocumentsOrder
from .list_documents_response import ListDocumentsResponse
from .list_documents_response_data import ListDocumentsResponseData
from .list_documents_sort import ListDocumentsSort
from .list_documents_status import ListDocumentsStatus
from .list_evaluations_order import ListEvaluationsOrder
from .list_evaluations_response import ListEvaluationsResponse
from .list_evaluations_response_data import ListEvaluationsResponseData
from .list_groups_response import ListGroupsResponse
from .list_groups_response_data import ListGroupsResponseData
from .list_invitations_response import ListInvitationsResponse
from .list_invitations_response_data import ListInvitationsResponseData
from .list_invitations_response_data_item import ListInvitationsResponseDataItem
from .list_invitations_response_data_item_role import ListInvitationsResponseDataItemRole
from .list_public_topics_order import ListPublicTopicsOrder
from .list_public_topics_response import ListPublicTopicsResponse
from .list_public_topics_response_data import ListPublicTopicsResponseData
from .list_public_topics_sort import ListPublicTopicsSort
from .list_removed_documents_response import ListRemovedDocumentsResponse
from .list_removed_documents_response_data import ListRemovedDocumentsResponseData
from .list_scim_tokens_response import ListScimTokensResponse
from .list_scim_tokens_response_data import ListScimTokensResponseData
from .list_scim_tokens_response_data_item import ListScimTokensResponseDataItem
from .list_topics_order import ListTopicsOrder
from .list_topics_response import ListTopicsResponse
from .list_topics_response_data import ListTopicsResponseData
from .list_topics_sort import ListTopicsSort
from .list_users_order import ListUsersOrder
from .list_users_response import ListUsersResponse
from .list_users_response_data import ListUsersResponseData
from .list_users_role import ListUsersRole
from .list_users_sort import ListUsersSort
from .list_webhook_deliveries_response import ListWebhookDeliveriesResponse
from .list_webhook_deliveries_response_data import ListWebhookDeliveriesResponseData
from .list_webhooks_response import ListWebhooksResponse
from .list_webhooks_response_data import ListWebhooksResponseData
from .login_request import LoginRequest
from .login_response import LoginResponse
from .login_x_refresh_cookie import LoginXRefreshCookie
from .logout_response import LogoutResponse
from .logout_response_data import LogoutResponseData
from .message import Message
from .message_feedback_type_0 import MessageFeedbackType0
from .message_role import MessageRole
from .message_source import MessageSource
from .model_list import ModelList
from .model_list_data_item import ModelListDataItem
from .model_list_data_item_object import ModelListDataItemObject
from .model_list_object import ModelListObject
from .open_ai_error_response import OpenAIErrorResponse
from .open_ai_error_response_error import OpenAIErrorResponseError
from .open_ai_error_response_error_type import OpenAIErrorResponseErrorType
from .pagination import Pagination
from .public_chat_request import PublicChatRequest
from .public_chat_response import PublicChatResponse
from .public_search_web_request import PublicSearchWebRequest
from .public_search_web_response import PublicSearchWebResponse
from .public_search_web_response_data import PublicSearchWebResponseData
from .public_stream_chat_request import PublicStreamChatRequest
from .refresh_token_request import RefreshTokenRequest
from .refresh_token_response import RefreshTokenResponse
from .refresh_token_response_data import RefreshTokenResponseData
from .refresh_token_x_refresh_cookie import RefreshTokenXRefreshCookie
from .register_request import RegisterRequest
from .register_response import RegisterResponse
from .remove_visitor_secret_response import RemoveVisitorSecretResponse
from .removed_document import RemovedDocument
from .reprocess_document_response import ReprocessDocumentResponse
from .resend_invitation_response import ResendInvitationResponse
from .resend_invitation_response_data import ResendInvitationResponseData
from .reset_password_request import ResetPasswordRequest
from .reset_password_response import ResetPasswordResponse
from .reset_password_x_refresh_cookie import ResetPasswordXRefreshCookie
from .restore_removed_document_response import RestoreRemovedDocumentResponse
from .revoke_invitation_response import RevokeInvitationResponse
from .revoke_invitation_response_data import RevokeInvitationResponseData
from .rotate_scim_token_response import RotateScimTokenResponse
from .rotate_scim_token_response_data import RotateScimTokenResponseData
from .rotate_visitor_secret_response import RotateVisitorSecretResponse
from .rotate_visitor_secret_response_data import RotateVisitorSecretResponseData
from .scim_create_group_request import ScimCreateGroupRequest
from .scim_create_group_response import ScimCreateGroupResponse
from .scim_create_user_request import ScimCreateUserRequest
from .scim_create_user_response import ScimCreateUserResponse
from .scim_error import ScimError
from .scim_error_schemas_item import ScimErrorSchemasItem
from .scim_get_group_response import ScimGetGroupResponse
from .scim_get_resource_type_response import ScimGetResourceTypeResponse
from .scim_get_schema_response import ScimGetSchemaResponse
from .scim_get_user_response import ScimGetUserResponse
from .scim_list_groups_response import ScimListGroupsResponse
from .scim_list_groups_response_resource import ScimListGroupsResponseResource
from .scim_list_resource_types_response import ScimListResourceTypesResponse
from .scim_list_resource_types_response_resource import ScimListResourceTypesResponseResource
from .scim_list_schemas_response import ScimListSchemasResponse
from .scim_list_schemas_response_resource import ScimListSchemasResponseResource
from .scim_list_users_response import ScimListUsersResponse
from .scim_list_users_response_resource import ScimListUsersResponseResource
from .scim_patch_group_request import ScimPatchGroupRequest
from .scim_patch_group_response import ScimPatchGroupResponse
from .scim_patch_user_request import ScimPatchUserRequest
from .scim_patch_user_response import ScimPatchUserResponse
from .scim_replace_group_request import ScimReplaceGroupRequest
from .scim_replace_group_response import ScimReplaceGroupResponse
from .scim_replace_user_request import ScimReplaceUserRequest
from .scim_replace_user_response import ScimReplaceUserResponse
from .scim_service_provider_config_response import ScimServiceProviderConfigResponse
from .search_documents_request import SearchDocumentsRequest
from .search_documents_request_mode import SearchDocumentsRequestMode
from .search_documents_response import SearchDocumentsResponse
from .search_documents_response_data import SearchDocumentsResponseData
from .search_documents_response_data_mode import SearchDocumentsResponseDataMode
from .search_hit import SearchHit
from .search_web_request import SearchWebRequest
from .search_web_response import SearchWebResponse
from .search_web_response_data import SearchWebResponseData
from .send_chat_message_request import SendChatMessageRequest
from .send_chat_message_response import SendChatMessageResponse
from .session import Session
from .set_answerer_request import SetAnswererRequest
from .set_answerer_request_provider import SetAnswererRequestProvider
from .set_answerer_response import SetAnswererResponse
from .set_answerer_response_data import SetAnswererResponseData
from .set_answerer_response_data_endpoint import SetAnswererResponseDataEndpoint
from .set_answerer_response_data_endpoint_kind import SetAnswererResponseDataEndpointKind
from .set_answerer_response_data_installation import SetAnswererResponseDataInstallation
from .set_answerer_response_data_provider import SetAnswererResponseDataProvider
from .set_message_feedback_request import SetMessageFeedbackRequest
from .set_message_feedback_request_rating_type_0 import SetMessageFeedbackRequestRatingType0
from .set_message_feedback_response import SetMessageFeedbackResponse
from .set_message_feedback_response_data import SetMessageFeedbackResponseData
from .set_message_feedback_response_data_rating_type_0 import SetMessageFeedbackResponseDataRatingType0
from .set_public_message_feedback_request import SetPublicMessageFeedbackRequest
from .set_public_message_feedback_request_rating_type_0 import SetPublicMessageFeedbackRequestRatingType0
from .set_public_message_feedback_response import SetPublicMessageFeedbackResponse
from .set_public_message_feedback_response_data import SetPublicMessageFeedbackResponseData
from .set_public_message_feedback_response_data_rating_type_0 import SetPublicMessageFeedbackResponseDataRatingType0
from .set_topic_access_request import SetTopicAccessRequest
from .set_topic_access_request_all_members import SetTopicAccessRequestAllMembers
from .set_topic_access_request_group import SetTopicAccessRequestGroup
from .set_topic_access_request_group_access import SetTopicAccessRequestGroupAccess
from .set_topic_access_response import SetTopicAccessResponse
from .sign_in_with_google_request import SignInWithGoogleRequest
from .sign_in_with_google_response import SignInWithGoogleResponse
from .sign_in_with_google_x_refresh_cookie import SignInWithGoogleXRefreshCookie
from .sign_in_with_ldap_request import SignInWithLdapRequest
from .sign_in_with_ldap_response import SignInWithLdapResponse
from .sign_in_with_ldap_x_refresh_cookie import SignInWithLdapXRefreshCookie
from .sign_in_with_microsoft_request import SignInWithMicrosoftRequest
from .sign_in_with_microsoft_response import SignInWithMicrosoftResponse
from .sign_in_with_microsoft_x_refresh_cookie import SignInWithMicrosoftXRefreshCookie
from .source import Source
from .source_chunk import SourceChunk
from .source_kind import SourceKind
from .stream_chat_request import StreamChatRequest
from .stream_done_event import StreamDoneEvent
from .stream_done_event_type import StreamDoneEventType
from .stream_error_event import StreamErrorEvent
from .stream_error_event_error import StreamErrorEventError
from .stream_error_event_type import StreamErrorEventType
from .stream_sources_event import StreamSourcesEvent
from .stream_sources_event_type import StreamSourcesEventType
from .stream_token_event import StreamTokenEvent
from .stream_token_event_type import StreamTokenEventType
from .sync_connector_response import SyncConnectorResponse
from .test_answerer_request import TestAnswererRequest
from .test_answerer_request_provider import TestAnswererRequestProvider
from .test_answerer_response import TestAnswererResponse
from .test_answerer_response_data import TestAnswererResponseData
from .test_connector_request import TestConnectorRequest
from .test_connector_request_config import TestConnectorRequestConfig
from .test_connector_request_kind import TestConnectorRequestKind
from .test_connector_response import TestConnectorResponse
from .test_connector_response_data import TestConnectorResponseData
from .test_connector_response_data_item import TestConnectorResponseDataItem
from .test_webhook_response import TestWebhookResponse
from .topic import Topic
from .topic_access import TopicAccess
from .topic_access_all_members import TopicAccessAllMembers
from .topic_access_group import TopicAccessGroup
from .topic_access_group_access import TopicAccessGroupAccess
from .update_api_key_request import UpdateApiKeyRequest
from .update_api_key_response import UpdateApiKeyResponse
from .update_company_request import UpdateCompanyRequest
from .update_company_request_settings import UpdateCompanyRequestSettings
from .update_company_request_settings_language import UpdateCompanyRequestSettingsLanguage
from .update_company_response import UpdateCompanyResponse
from .update_connector_request import UpdateConnectorRequest
from .update_connector_request_config import UpdateConnectorRequestConfig
from .update_connector_request_limits import UpdateConnectorRequestLimits
from .update_connector_response import UpdateConnectorResponse
from .update_conversation_request import UpdateConversationRequest
from .update_conversation_response import UpdateConversationResponse
from .update_document_request import UpdateDocumentRequest
from .update_document_response import UpdateDocumentResponse
from .update_group_request import UpdateGroupRequest
from .update_group_response import UpdateGroupResponse
from .update_me_request import UpdateMeRequest
from .update_me_response import UpdateMeResponse
from .update_me_response_data import UpdateMeResponseData
from .update_topic_request import UpdateTopicRequest
from .update_topic_response import UpdateTopicResponse
from .update_user_request import UpdateUserRequest
from .update_user_request_role import UpdateUserRequestRole
from .update_user_response import UpdateUserResponse
from .update_webhook_request import UpdateWebhookRequest
from .update_webhook_request_events_item import UpdateWebhookRequestEventsItem
from .update_webhook_response import UpdateWebhookResponse
from .update_webhook_response_data import UpdateWebhookResponseData
from .update_webhook_response_data_events_item import UpdateWebhookResponseDataEventsItem
from .upload_document_request import UploadDocumentRequest
from .upload_document_response import UploadDocumentResponse
from .upload_evaluation_request import UploadEvaluationRequest
from .upload_evaluation_response import UploadEvaluationResponse
from .user import User
from .user_detail import UserDetail
from .user_detail_role import UserDetailRole
from .user_detail_status import UserDetailStatus
from .user_role import UserRole
from .web_result import WebResult
from .webhook import Webhook
from .webhook_event_connector_sync_completed import WebhookEventConnectorSyncCompleted
from .webhook_event_connector_sync_completed_data import WebhookEventConnectorSyncCompletedData
from .webhook_event_connector_sync_completed_type import WebhookEventConnectorSyncCompletedType
from .webhook_event_connector_sync_failed import WebhookEventConnectorSyncFailed
from .webhook_event_connector_sync_failed_data import WebhookEventConnectorSyncFailedData
from .webhook_event_connector_sync_failed_type import WebhookEventConnectorSyncFailedType
from .webhook_event_conversation_created import WebhookEventConversationCreated
from .webhook_event_conversation_created_data import WebhookEventConversationCreatedData
from .webhook_event_conversation_created_type import WebhookEventConversationCreatedType
from .webhook_event_document_error import WebhookEventDocumentError
from .webhook_event_document_error_data import WebhookEventDocumentErrorData
from .webhook_event_document_error_type import WebhookEventDocumentErrorType
from .webhook_event_document_uploaded import WebhookEventDocumentUploaded
from .webhook_event_document_uploaded_data import WebhookEventDocumentUploadedData
from .webhook_event_document_uploaded_type import WebhookEventDocumentUploadedType
from .webhook_event_document_vectorized import WebhookEventDocumentVectorized
from .webhook_event_document_vectorized_data import WebhookEventDocumentVectorizedData
from .webhook_event_document_vectorized_type import WebhookEventDocumentVectorizedType
from .webhook_event_webhook_test import WebhookEventWebhookTest
from .webhook_event_webhook_test_data import WebhookEventWebhookTestData
from .webhook_event_webhook_test_type import WebhookEventWebhookTestType
from .webhook_events_item import WebhookEventsItem

__all__ = (
    "AcceptInvitationRequest",
    "AcceptInvitationResponse",
    "AcceptInvitationXRefreshCookie",
    "ApiKey",
    "ApiKeyEnvironment",
    "ApiKeyVisitorTokens",
    "ChangePasswordRequest",
    "ChangePasswordResponse",
    "ChangePasswordXRefreshCookie",
    "ChatAnswer",
    "ChatCompletion",
    "ChatCompletionChoice",
    "ChatCompletionChoiceFinishReason",
    "ChatCompletionChoiceLogprobs",
    "ChatCompletionChoiceLogprobsContentItem",
    "ChatCompletionChoiceMessage",
    "ChatCompletionChoiceMessageRole",
    "ChatCompletionChunk",
    "ChatCompletionChunkChoice",
    "ChatCompletionChunkChoiceDelta",
    "ChatCompletionChunkChoiceDeltaRole",
    "ChatCompletionChunkChoiceLogprobs",
    "ChatCompletionChunkChoiceLogprobsContentItem",
    "ChatCompletionChunkObject",
    "ChatCompletionObject",
    "ChatCompletionUsage",
    "CitationMap",
    "CitationMapValue",
    "CitationMapValueKind",
    "CogRagCitations",
    "Company",
    "CompanyLimits",
    "CompanySettings",
    "CompanySettingsLanguage",
    "CompanyUsage",
    "Connector",
    "ConnectorConfig",
    "ConnectorKind",
    "ConnectorLimits",
    "ConnectorRun",
    "ConnectorRunError",
    "ConnectorRunStatus",
    "ConnectorRunTrigger",
    "Conversation",
    "CreateApiKeyRequest",
    "CreateApiKeyRequestEnvironment",
    "CreateApiKeyResponse",
    "CreateApiKeyResponseData",
    "CreateApiKeyResponseDataEnvironment",
    "CreateApiKeyResponseDataVisitorTokens",
    "CreateChatCompletionRequest",
    "CreateChatCompletionRequestMessage",
    "CreateChatCompletionRequestMessageContentOption2Item",
    "CreateChatCompletionRequestMessageRole",
    "CreateChatCompletionRequestStreamOptions",
    "CreateConnectorRequest",
    "CreateConnectorRequestConfig",
    "CreateConnectorRequestKind",
    "CreateConnectorRequestLimits",
    "CreateConnectorResponse",
    "CreateConversationRequest",
    "CreateConversationResponse",
    "CreateEvaluationRequest",
    "CreateEvaluationRequestFormat",
    "CreateEvaluationResponse",
    "CreateGroupRequest",
    "CreateGroupResponse",
    "CreateScimTokenRequest",
    "CreateScimTokenResponse",
    "CreateScimTokenResponseData",
    "CreateTopicRequest",
    "CreateTopicResponse",
    "CreateUserRequest",
    "CreateUserRequestRole",
    "CreateUserResponse",
    "CreateUserResponseData",
    "CreateUserResponseDataInvitation",
    "CreateWebhookRequest",
    "CreateWebhookRequestEventsItem",
    "CreateWebhookResponse",
    "CreateWebhookResponseData",
    "CreateWebhookResponseDataEventsItem",
    "DeleteApiKeyResponse",
    "DeleteApiKeyResponseData",
    "DeleteConnectorResponse",
    "DeleteConnectorResponseData",
    "DeleteConversationResponse",
    "DeleteConversationResponseData",
    "DeleteDocumentResponse",
    "DeleteDocumentResponseData",
    "DeleteEvaluationResponse",
    "DeleteEvaluationResponseData",
    "DeleteGroupResponse",
    "DeleteGroupResponseData",
    "DeleteScimTokenResponse",
    "DeleteScimTokenResponseData",
    "DeleteTopicResponse",
    "DeleteUserResponse",
    "DeleteUserResponseData",
    "DeleteWebhookResponse",
    "DeleteWebhookResponseData",
    "Delivery",
    "DeliveryEvent",
    "DeliveryStatus",
    "Document",
    "DocumentChunk",
    "DocumentMetadata",
    "DocumentMetadataAttachment",
    "DocumentMetadataOcr",
    "DocumentMetadataOcrPage",
    "DocumentStatus",
    "DownloadDocumentFileDisposition",
    "DownloadPublicDocumentFileDisposition",
    "ErrorCode",
    "ErrorDetail",
    "ErrorEnvelope",
    "ErrorEnvelopeError",
    "ErrorEnvelopeErrorCurrentRole",
    "ErrorEnvelopeErrorLimit",
    "ErrorEnvelopeErrorReason",
    "ErrorEnvelopeErrorRequiredRole",
    "ErrorEnvelopeErrorUsage",
    "Evaluation",
    "EvaluationQuestion",
    "EvaluationQuestionKind",
    "EvaluationResult",
    "EvaluationResultScores",
    "EvaluationSettings",
    "EvaluationStatus",
    "EvaluationTotals",
    "EvaluationTotalsContainsByKind",
    "EvaluationTotalsLatencyMs",
    "EvaluationTotalsTtftMs",
    "ExportAuditEventsActorType",
    "ExportAuditEventsOutcome",
    "ExportInsightsCsvTable",
    "ForgotPasswordRequest",
    "ForgotPasswordResponse",
    "ForgotPasswordResponseData",
    "GetAnswererResponse",
    "GetAnswererResponseData",
    "GetAnswererResponseDataEndpoint",
    "GetAnswererResponseDataEndpointKind",
    "GetAnswererResponseDataInstallation",
    "GetAnswererResponseDataProvider",
    "GetAuthProvidersResponse",
    "GetAuthProvidersResponseData",
    "GetAuthProvidersResponseDataGoogle",
    "GetAuthProvidersResponseDataMicrosoft",
    "GetAuthProvidersResponseDataOidcItem",
    "GetCompanyResponse",
    "GetConnectorResponse",
    "GetConversationResponse",
    "GetConversationResponseData",
    "GetDocumentResponse",
    "GetEvaluationResponse",
    "GetEvaluationResponseData",
    "GetEvaluationResponseDataStatus",
    "GetGroupResponse",
    "GetHealthDetailsResponse",
    "GetHealthDetailsResponseData",
    "GetHealthDetailsResponseDataIngestionQueue",
    "GetHealthDetailsResponseDataStatus",
    "GetHealthResponse",
    "GetHealthResponseData",
    "GetHealthResponseDataStatus",
    "GetInsightsConversationResponse",
    "GetInsightsConversationResponseData",
    "GetInsightsConversationResponseDataChannel",
    "GetInsightsConversationResponseDataMessage",
    "GetInsightsConversationResponseDataMessageFeedbackType0",
    "GetInsightsConversationResponseDataMessageRole",
    "GetInsightsResponse",
    "GetInsightsResponseData",
    "GetInsightsResponseDataMostCitedItem",
    "GetInsightsResponseDataQuestionsPerDayItem",
    "GetInsightsResponseDataThumbsDownItem",
    "GetInsightsResponseDataThumbsDownItemChannel",
    "GetInsightsResponseDataTotals",
    "GetInsightsResponseDataUnansweredItem",
    "GetInsightsResponseDataUnansweredItemChannel",
    "GetInvitationRequest",
    "GetInvitationResponse",
    "GetInvitationResponseData",
    "GetMeResponse",
    "GetMeResponseData",
    "GetMeResponseDataCompany",
    "GetReadinessResponse",
    "GetReadinessResponseData",
    "GetReadinessResponseDataIngestionQueue",
    "GetReadinessResponseDataStatus",
    "GetTopicAccessResponse",
    "GetUserResponse",
    "GetWebhookResponse",
    "GetWebhookResponseData",
    "GetWebhookResponseDataEventsItem",
    "Group",
    "GroupGrant",
    "GroupGrantAccess",
    "GroupMember",
    "GroupMemberRole",
    "IssuePasswordResetResponse",
    "IssuePasswordResetResponseData",
    "ListAnswererModelsRequest",
    "ListAnswererModelsRequestProvider",
    "ListAnswererModelsResponse",
    "ListAnswererModelsResponseData",
    "ListApiKeysResponse",
    "ListApiKeysResponseData",
    "ListAuditEventsActorType",
    "ListAuditEventsFormat",
    "ListAuditEventsOrder",
    "ListAuditEventsOutcome",
    "ListAuditEventsResponse",
    "ListAuditEventsResponseData",
    "ListAuditEventsResponseDataItem",
    "ListAuditEventsResponseDataItemActor",
    "ListAuditEventsResponseDataItemActorType",
    "ListAuditEventsResponseDataItemDetails",
    "ListAuditEventsResponseDataItemOutcome",
    "ListAuditEventsResponseDataItemTarget",
    "ListAuditEventsSort",
    "ListCompaniesOrder",
    "ListCompaniesResponse",
    "ListCompaniesResponseData",
    "ListCompaniesSort",
    "ListConnectorRunsResponse",
    "ListConnectorRunsResponseData",
    "ListConnectorsResponse",
    "ListConnectorsResponseData",
    "ListConversationsOrder",
    "ListConversationsResponse",
    "ListConversationsResponseData",
    "ListConversationsSort",
    "ListDocumentChunksResponse",
    "ListDocumentChunksResponseData",
    "ListDocumentsOrder",
    "ListDocumentsResponse",
    "ListDocumentsResponseData",
    "ListDocumentsSort",
    "ListDocumentsStatus",
    "ListEvaluationsOrder",
    "ListEvaluationsResponse",
    "ListEvaluationsResponseData",
    "ListGroupsResponse",
    "ListGroupsResponseData",
    "ListInvitationsResponse",
    "ListInvitationsResponseData",
    "ListInvitationsResponseDataItem",
    "ListInvitationsResponseDataItemRole",
    "ListPublicTopicsOrder",
    "ListPublicTopicsResponse",
    "ListPublicTopicsResponseData",
    "ListPublicTopicsSort",
    "ListRemovedDocumentsResponse",
    "ListRemovedDocumentsResponseData",
    "ListScimTokensResponse",
    "ListScimTokensResponseData",
    "ListScimTokensResponseDataItem",
    "ListTopicsOrder",
    "ListTopicsResponse",
    "ListTopicsResponseData",
    "ListTopicsSort",
    "ListUsersOrder",
    "ListUsersResponse",
    "ListUsersResponseData",
    "ListUsersRole",
    "ListUsersSort",
    "ListWebhookDeliveriesResponse",
    "ListWebhookDeliveriesResponseData",
    "ListWebhooksResponse",
    "ListWebhooksResponseData",
    "LoginRequest",
    "LoginResponse",
    "LoginXRefreshCookie",
    "LogoutResponse",
    "LogoutResponseData",
    "Message",
    "MessageFeedbackType0",
    "MessageRole",
    "MessageSource",
    "ModelList",
    "ModelListDataItem",
    "ModelListDataItemObject",
    "ModelListObject",
    "OpenAIErrorResponse",
    "OpenAIErrorResponseError",
    "OpenAIErrorResponseErrorType",
    "Pagination",
    "PublicChatRequest",
    "PublicChatResponse",
    "PublicSearchWebRequest",
    "PublicSearchWebResponse",
    "PublicSearchWebResponseData",
    "PublicStreamChatRequest",
    "RefreshTokenRequest",
    "RefreshTokenResponse",
    "RefreshTokenResponseData",
    "RefreshTokenXRefreshCookie",
    "RegisterRequest",
    "RegisterResponse",
    "RemovedDocument",
    "RemoveVisitorSecretResponse",
    "ReprocessDocumentResponse",
    "ResendInvitationResponse",
    "ResendInvitationResponseData",
    "ResetPasswordRequest",
    "ResetPasswordResponse",
    "ResetPasswordXRefreshCookie",
    "RestoreRemovedDocumentResponse",
    "RevokeInvitationResponse",
    "RevokeInvitationResponseData",
    "RotateScimTokenResponse",
    "RotateScimTokenResponseData",
    "RotateVisitorSecretResponse",
    "RotateVisitorSecretResponseData",
    "ScimCreateGroupRequest",
    "ScimCreateGroupResponse",
    "ScimCreateUserRequest",
    "ScimCreateUserResponse",
    "ScimError",
    "ScimErrorSchemasItem",
    "ScimGetGroupResponse",
    "ScimGetResourceTypeResponse",
    "ScimGetSchemaResponse",
    "ScimGetUserResponse",
    "ScimListGroupsResponse",
    "ScimListGroupsResponseResource",
    "ScimListResourceTypesResponse",
    "ScimListResourceTypesResponseResource",
    "ScimListSchemasResponse",
    "ScimListSchemasResponseResource",
    "ScimListUsersResponse",
    "ScimListUsersResponseResource",
    "ScimPatchGroupRequest",
    "ScimPatchGroupResponse",
    "ScimPatchUserRequest",
    "ScimPatchUserResponse",
    "ScimReplaceGroupRequest",
    "ScimReplaceGroupResponse",
    "ScimReplaceUserRequest",
    "ScimReplaceUserResponse",
    "ScimServiceProviderConfigResponse",
    "SearchDocumentsRequest",
    "SearchDocumentsRequestMode",
    "SearchDocumentsResponse",
    "SearchDocumentsResponseData",
    "SearchDocumentsResponseDataMode",
    "SearchHit",
    "SearchWebRequest",
    "SearchWebResponse",
    "SearchWebResponseData",
    "SendChatMessageRequest",
    "SendChatMessageResponse",
    "Session",
    "SetAnswererRequest",
    "SetAnswererRequestProvider",
    "SetAnswererResponse",
    "SetAnswererResponseData",
    "SetAnswererResponseDataEndpoint",
    "SetAnswererResponseDataEndpointKind",
    "SetAnswererResponseDataInstallation",
    "SetAnswererResponseDataProvider",
    "SetMessageFeedbackRequest",
    "SetMessageFeedbackRequestRatingType0",
    "SetMessageFeedbackResponse",
    "SetMessageFeedbackResponseData",
    "SetMessageFeedbackResponseDataRatingType0",
    "SetPublicMessageFeedbackRequest",
    "SetPublicMessageFeedbackRequestRatingType0",
    "SetPublicMessageFeedbackResponse",
    "SetPublicMessageFeedbackResponseData",
    "SetPublicMessageFeedbackResponseDataRatingType0",
    "SetTopicAccessRequest",
    "SetTopicAccessRequestAllMembers",
    "SetTopicAccessRequestGroup",
    "SetTopicAccessRequestGroupAccess",
    "SetTopicAccessResponse",
    "SignInWithGoogleRequest",
    "SignInWithGoogleResponse",
    "SignInWithGoogleXRefreshCookie",
    "SignInWithLdapRequest",
    "SignInWithLdapResponse",
    "SignInWithLdapXRefreshCookie",
    "SignInWithMicrosoftRequest",
    "SignInWithMicrosoftResponse",
    "SignInWithMicrosoftXRefreshCookie",
    "Source",
    "SourceChunk",
    "SourceKind",
    "StreamChatRequest",
    "StreamDoneEvent",
    "StreamDoneEventType",
    "StreamErrorEvent",
    "StreamErrorEventError",
    "StreamErrorEventType",
    "StreamSourcesEvent",
    "StreamSourcesEventType",
    "StreamTokenEvent",
    "StreamTokenEventType",
    "SyncConnectorResponse",
    "TestAnswererRequest",
    "TestAnswererRequestProvider",
    "TestAnswererResponse",
    "TestAnswererResponseData",
    "TestConnectorRequest",
    "TestConnectorRequestConfig",
    "TestConnectorRequestKind",
    "TestConnectorResponse",
    "TestConnectorResponseData",
    "TestConnectorResponseDataItem",
    "TestWebhookResponse",
    "Topic",
    "TopicAccess",
    "TopicAccessAllMembers",
    "TopicAccessGroup",
    "TopicAccessGroupAccess",
    "UpdateApiKeyRequest",
    "UpdateApiKeyResponse",
    "UpdateCompanyRequest",
    "UpdateCompanyRequestSettings",
    "UpdateCompanyRequestSettingsLanguage",
    "UpdateCompanyResponse",
    "UpdateConnectorRequest",
    "UpdateConnectorRequestConfig",
    "UpdateConnectorRequestLimits",
    "UpdateConnectorResponse",
    "UpdateConversationRequest",
    "UpdateConversationResponse",
    "UpdateDocumentRequest",
    "UpdateDocumentResponse",
    "UpdateGroupRequest",
    "UpdateGroupResponse",
    "UpdateMeRequest",
    "UpdateMeResponse",
    "UpdateMeResponseData",
    "UpdateTopicRequest",
    "UpdateTopicResponse",
    "UpdateUserRequest",
    "UpdateUserRequestRole",
    "UpdateUserResponse",
    "UpdateWebhookRequest",
    "UpdateWebhookRequestEventsItem",
    "UpdateWebhookResponse",
    "UpdateWebhookResponseData",
    "UpdateWebhookResponseDataEventsItem",
    "UploadDocumentRequest",
    "UploadDocumentResponse",
    "UploadEvaluationRequest",
    "UploadEvaluationResponse",
    "User",
    "UserDetail",
    "UserDetailRole",
    "UserDetailStatus",
    "UserRole",
    "Webhook",
    "WebhookEventConnectorSyncCompleted",
    "WebhookEventConnectorSyncCompletedData",
    "WebhookEventConnectorSyncCompletedType",
    "WebhookEventConnectorSyncFailed",
    "WebhookEventConnectorSyncFailedData",
    "WebhookEventConnectorSyncFailedType",
    "WebhookEventConversationCreated",
    "WebhookEventConversationCreatedData",
    "WebhookEventConversationCreatedType",
    "WebhookEventDocumentError",
    "WebhookEventDocumentErrorData",
    "WebhookEventDocumentErrorType",
    "WebhookEventDocumentUploaded",
    "WebhookEventDocumentUploadedData",
    "WebhookEventDocumentUploadedType",
    "WebhookEventDocumentVectorized",
    "WebhookEventDocumentVectorizedData",
    "WebhookEventDocumentVectorizedType",
    "WebhookEventsItem",
    "WebhookEventWebhookTest",
    "WebhookEventWebhookTestData",
    "WebhookEventWebhookTestType",
    "WebResult",
)
