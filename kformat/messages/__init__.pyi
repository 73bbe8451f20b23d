"""Typed message bodies: a TypedDict per message version (generated; do not edit).

Regenerate with ``kformat grammars types``; see ``kformat.protocol.typed``.
"""

from typing import Required, TypedDict
from uuid import UUID

from kformat.spec.records_field import RecordSet

class TaggedFields(TypedDict, total=False):
    """The keys of a flexible version's tagged-field section."""
    _unknown_tags: dict[int, bytes]
    """Tagged fields the grammar does not know: raw bytes by tag, written back as read."""
    _defaults_on_wire: tuple[str, ...]
    """Known tagged fields the wire carried at their default value (written again)."""


class ConsumerGroupCurrentMemberAssignmentKeyV0(TypedDict, total=False, closed=True):
    """ConsumerGroupCurrentMemberAssignmentKey version 0: the coordinator record key (coordinator/group, record type 8)."""
    group_id: str
    """The group id. [string]"""
    member_id: str
    """The member id. [string]"""


class ConsumerGroupCurrentMemberAssignmentValueTopicPartitionsV0(TaggedFields, total=False, closed=True):
    """``TopicPartitions`` of ConsumerGroupCurrentMemberAssignmentValue (as in version 0)."""
    topic_id: UUID
    """The topic Id. [uuid]"""
    partitions: list[int]
    """The partition Ids. [array of int32 (-2147483648 to 2147483647)]"""
    assignment_epochs: list[int] | None
    """The epoch at which the partition was assigned to the member. Used to fence zombie commits requests. Of the same length as Partitions. [array of int32 (-2147483648 to 2147483647), nullable, tagged field 0]"""


class ConsumerGroupCurrentMemberAssignmentValueV0(TaggedFields, total=False, closed=True):
    """ConsumerGroupCurrentMemberAssignmentValue version 0: the coordinator record value (coordinator/group, record type 8)."""
    member_epoch: int
    """The current member epoch that is expected from the member in the heartbeat request. [int32 (-2147483648 to 2147483647)]"""
    previous_member_epoch: int
    """If the last epoch bump is lost before reaching the member, the member will retry with the previous epoch. [int32 (-2147483648 to 2147483647)]"""
    state: int
    """The member state. See MemberState for the possible values. [int8 (-128 to 127)]"""
    assigned_partitions: list[ConsumerGroupCurrentMemberAssignmentValueTopicPartitionsV0]
    """The partitions assigned to (or owned by) this member. [array of TopicPartitions]"""
    partitions_pending_revocation: list[ConsumerGroupCurrentMemberAssignmentValueTopicPartitionsV0]
    """The partitions that must be revoked by this member. [array of TopicPartitions]"""


class ConsumerGroupMemberMetadataKeyV0(TypedDict, total=False, closed=True):
    """ConsumerGroupMemberMetadataKey version 0: the coordinator record key (coordinator/group, record type 5)."""
    group_id: str
    """The group id. [string]"""
    member_id: str
    """The member id. [string]"""


class ConsumerGroupMemberMetadataValueClassicProtocolV0(TaggedFields, total=False, closed=True):
    """``ClassicProtocol`` of ConsumerGroupMemberMetadataValue (as in version 0)."""
    name: str
    """The protocol name. [string]"""
    metadata: bytes
    """The protocol metadata. [bytes]"""


class ConsumerGroupMemberMetadataValueClassicMemberMetadataV0(TaggedFields, total=False, closed=True):
    """``ClassicMemberMetadata`` of ConsumerGroupMemberMetadataValue (as in version 0)."""
    session_timeout_ms: int
    """The session timeout if the consumer uses the classic protocol. [int32 (-2147483648 to 2147483647)]"""
    supported_protocols: list[ConsumerGroupMemberMetadataValueClassicProtocolV0]
    """The list of protocols that the member supports if the consumer uses the classic protocol. [array of ClassicProtocol]"""


class ConsumerGroupMemberMetadataValueV0(TaggedFields, total=False, closed=True):
    """ConsumerGroupMemberMetadataValue version 0: the coordinator record value (coordinator/group, record type 5)."""
    instance_id: str | None
    """The (optional) instance id. [string, nullable]"""
    rack_id: str | None
    """The (optional) rack id. [string, nullable]"""
    client_id: str
    """The client id. [string]"""
    client_host: str
    """The client host. [string]"""
    subscribed_topic_names: list[str]
    """The list of subscribed topic names. [array of string]"""
    subscribed_topic_regex: str | None
    """The subscribed topic regular expression. [string, nullable]"""
    rebalance_timeout_ms: int
    """The rebalance timeout. [int32 (-2147483648 to 2147483647), default -1]"""
    server_assignor: str | None
    """The server assignor to use; or null if not used. [string, nullable]"""
    classic_member_metadata: ConsumerGroupMemberMetadataValueClassicMemberMetadataV0 | None
    """The classic member metadata which includes the supported protocols of the consumer if it uses the classic protocol. The metadata is null if the consumer uses the consumer protocol. [ClassicMemberMetadata, nullable, tagged field 0]"""


class ConsumerGroupMetadataKeyV0(TypedDict, total=False, closed=True):
    """ConsumerGroupMetadataKey version 0: the coordinator record key (coordinator/group, record type 3)."""
    group_id: str
    """The group id. [string]"""


class ConsumerGroupMetadataValueV0(TaggedFields, total=False, closed=True):
    """ConsumerGroupMetadataValue version 0: the coordinator record value (coordinator/group, record type 3)."""
    epoch: int
    """The group epoch. [int32 (-2147483648 to 2147483647)]"""
    metadata_hash: int
    """The hash of all topics in the group. [int64 (-9223372036854775808 to 9223372036854775807), tagged field 0, default 0]"""


class ConsumerGroupPartitionMetadataKeyV0(TypedDict, total=False, closed=True):
    """ConsumerGroupPartitionMetadataKey version 0: the coordinator record key (coordinator/group, record type 4)."""
    group_id: str
    """The group id. [string]"""


class ConsumerGroupPartitionMetadataValuePartitionMetadataV0(TaggedFields, total=False, closed=True):
    """``PartitionMetadata`` of ConsumerGroupPartitionMetadataValue (as in version 0)."""
    partition: int
    """The partition number. [int32 (-2147483648 to 2147483647)]"""
    racks: list[str]
    """The set of racks that the partition is mapped to. [array of string]"""


class ConsumerGroupPartitionMetadataValueTopicMetadataV0(TaggedFields, total=False, closed=True):
    """``TopicMetadata`` of ConsumerGroupPartitionMetadataValue (as in version 0)."""
    topic_id: UUID
    """The topic id. [uuid]"""
    topic_name: str
    """The topic name. [string]"""
    num_partitions: int
    """The number of partitions of the topic. [int32 (-2147483648 to 2147483647)]"""
    partition_metadata: list[ConsumerGroupPartitionMetadataValuePartitionMetadataV0]
    """Deprecated: this field is not used after 4.0. Partitions mapped to a set of racks. If the rack information is unavailable for all the partitions, an empty list is stored. [array of PartitionMetadata]"""


class ConsumerGroupPartitionMetadataValueV0(TaggedFields, total=False, closed=True):
    """ConsumerGroupPartitionMetadataValue version 0: the coordinator record value (coordinator/group, record type 4)."""
    topics: list[ConsumerGroupPartitionMetadataValueTopicMetadataV0]
    """The list of topic metadata. [array of TopicMetadata]"""


class ConsumerGroupRegularExpressionKeyV0(TypedDict, total=False, closed=True):
    """ConsumerGroupRegularExpressionKey version 0: the coordinator record key (coordinator/group, record type 16)."""
    group_id: str
    """The group id. [string]"""
    regular_expression: str
    """The regular expression. [string]"""


class ConsumerGroupRegularExpressionValueV0(TaggedFields, total=False, closed=True):
    """ConsumerGroupRegularExpressionValue version 0: the coordinator record value (coordinator/group, record type 16)."""
    topics: list[str]
    """Topics. [array of string]"""
    version: int
    """Version. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    timestamp: int
    """Timestamp. [int64 (-9223372036854775808 to 9223372036854775807)]"""


class ConsumerGroupTargetAssignmentMemberKeyV0(TypedDict, total=False, closed=True):
    """ConsumerGroupTargetAssignmentMemberKey version 0: the coordinator record key (coordinator/group, record type 7)."""
    group_id: str
    """The group id. [string]"""
    member_id: str
    """The member id. [string]"""


class ConsumerGroupTargetAssignmentMemberValueTopicPartitionV0(TaggedFields, total=False, closed=True):
    """``TopicPartition`` of ConsumerGroupTargetAssignmentMemberValue (as in version 0)."""
    topic_id: UUID
    """The topic id. [uuid]"""
    partitions: list[int]
    """The partition indexes. [array of int32 (-2147483648 to 2147483647)]"""


class ConsumerGroupTargetAssignmentMemberValueV0(TaggedFields, total=False, closed=True):
    """ConsumerGroupTargetAssignmentMemberValue version 0: the coordinator record value (coordinator/group, record type 7)."""
    topic_partitions: list[ConsumerGroupTargetAssignmentMemberValueTopicPartitionV0]
    """The assigned partitions. [array of TopicPartition]"""


class ConsumerGroupTargetAssignmentMetadataKeyV0(TypedDict, total=False, closed=True):
    """ConsumerGroupTargetAssignmentMetadataKey version 0: the coordinator record key (coordinator/group, record type 6)."""
    group_id: str
    """The group id. [string]"""


class ConsumerGroupTargetAssignmentMetadataValueV0(TaggedFields, total=False, closed=True):
    """ConsumerGroupTargetAssignmentMetadataValue version 0: the coordinator record value (coordinator/group, record type 6)."""
    assignment_epoch: int
    """The assignment epoch. [int32 (-2147483648 to 2147483647)]"""
    assignment_timestamp: int
    """The time at which the assignment calculation finished. [int64 (-9223372036854775808 to 9223372036854775807), tagged field 0, default 0]"""


class GroupMetadataKeyV0(TypedDict, total=False, closed=True):
    """GroupMetadataKey version 0: the coordinator record key (coordinator/group, record type 2)."""
    group: str
    """The group id. [string]"""


class GroupMetadataValueMemberMetadataV0(TypedDict, total=False, closed=True):
    """``MemberMetadata`` of GroupMetadataValue (as in version 0)."""
    member_id: str
    """The member id. [string]"""
    client_id: str
    """The client id. [string]"""
    client_host: str
    """The client host. [string]"""
    session_timeout: int
    """The session timeout. [int32 (-2147483648 to 2147483647)]"""
    subscription: bytes
    """The subscription. [bytes]"""
    assignment: bytes
    """The assignment. [bytes]"""


class GroupMetadataValueV0(TypedDict, total=False, closed=True):
    """GroupMetadataValue version 0: the coordinator record value (coordinator/group, record type 2)."""
    protocol_type: str
    """The protocol type. [string]"""
    generation: int
    """The generation id. [int32 (-2147483648 to 2147483647)]"""
    protocol: str | None
    """The protocol name. [string, nullable]"""
    leader: str | None
    """The leader id. [string, nullable]"""
    members: list[GroupMetadataValueMemberMetadataV0]
    """The group members. [array of MemberMetadata]"""


class GroupMetadataValueMemberMetadataV1(TypedDict, total=False, closed=True):
    """``MemberMetadata`` of GroupMetadataValue (as in version 1)."""
    member_id: str
    """The member id. [string]"""
    client_id: str
    """The client id. [string]"""
    client_host: str
    """The client host. [string]"""
    rebalance_timeout: int
    """The rebalance timeout. [int32 (-2147483648 to 2147483647), default -1]"""
    session_timeout: int
    """The session timeout. [int32 (-2147483648 to 2147483647)]"""
    subscription: bytes
    """The subscription. [bytes]"""
    assignment: bytes
    """The assignment. [bytes]"""


class GroupMetadataValueV1(TypedDict, total=False, closed=True):
    """GroupMetadataValue version 1: the coordinator record value (coordinator/group, record type 2)."""
    protocol_type: str
    """The protocol type. [string]"""
    generation: int
    """The generation id. [int32 (-2147483648 to 2147483647)]"""
    protocol: str | None
    """The protocol name. [string, nullable]"""
    leader: str | None
    """The leader id. [string, nullable]"""
    members: list[GroupMetadataValueMemberMetadataV1]
    """The group members. [array of MemberMetadata]"""


class GroupMetadataValueV2(TypedDict, total=False, closed=True):
    """GroupMetadataValue version 2: the coordinator record value (coordinator/group, record type 2)."""
    protocol_type: str
    """The protocol type. [string]"""
    generation: int
    """The generation id. [int32 (-2147483648 to 2147483647)]"""
    protocol: str | None
    """The protocol name. [string, nullable]"""
    leader: str | None
    """The leader id. [string, nullable]"""
    current_state_timestamp: int
    """The timestamp of the last state change. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    members: list[GroupMetadataValueMemberMetadataV1]
    """The group members. [array of MemberMetadata]"""


class GroupMetadataValueMemberMetadataV3(TypedDict, total=False, closed=True):
    """``MemberMetadata`` of GroupMetadataValue (as in version 3)."""
    member_id: str
    """The member id. [string]"""
    group_instance_id: str | None
    """The group instance id. [string, nullable, default null]"""
    client_id: str
    """The client id. [string]"""
    client_host: str
    """The client host. [string]"""
    rebalance_timeout: int
    """The rebalance timeout. [int32 (-2147483648 to 2147483647), default -1]"""
    session_timeout: int
    """The session timeout. [int32 (-2147483648 to 2147483647)]"""
    subscription: bytes
    """The subscription. [bytes]"""
    assignment: bytes
    """The assignment. [bytes]"""


class GroupMetadataValueV3(TypedDict, total=False, closed=True):
    """GroupMetadataValue version 3: the coordinator record value (coordinator/group, record type 2)."""
    protocol_type: str
    """The protocol type. [string]"""
    generation: int
    """The generation id. [int32 (-2147483648 to 2147483647)]"""
    protocol: str | None
    """The protocol name. [string, nullable]"""
    leader: str | None
    """The leader id. [string, nullable]"""
    current_state_timestamp: int
    """The timestamp of the last state change. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    members: list[GroupMetadataValueMemberMetadataV3]
    """The group members. [array of MemberMetadata]"""


class GroupMetadataValueMemberMetadataV4(TaggedFields, total=False, closed=True):
    """``MemberMetadata`` of GroupMetadataValue (as in version 4)."""
    member_id: str
    """The member id. [string]"""
    group_instance_id: str | None
    """The group instance id. [string, nullable, default null]"""
    client_id: str
    """The client id. [string]"""
    client_host: str
    """The client host. [string]"""
    rebalance_timeout: int
    """The rebalance timeout. [int32 (-2147483648 to 2147483647), default -1]"""
    session_timeout: int
    """The session timeout. [int32 (-2147483648 to 2147483647)]"""
    subscription: bytes
    """The subscription. [bytes]"""
    assignment: bytes
    """The assignment. [bytes]"""


class GroupMetadataValueV4(TaggedFields, total=False, closed=True):
    """GroupMetadataValue version 4: the coordinator record value (coordinator/group, record type 2)."""
    protocol_type: str
    """The protocol type. [string]"""
    generation: int
    """The generation id. [int32 (-2147483648 to 2147483647)]"""
    protocol: str | None
    """The protocol name. [string, nullable]"""
    leader: str | None
    """The leader id. [string, nullable]"""
    current_state_timestamp: int
    """The timestamp of the last state change. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    members: list[GroupMetadataValueMemberMetadataV4]
    """The group members. [array of MemberMetadata]"""


class LegacyOffsetCommitKeyV0(TypedDict, total=False, closed=True):
    """LegacyOffsetCommitKey version 0: the coordinator record key (coordinator/group, record type 0)."""
    group: str
    """The consumer group id. [string]"""
    topic: str
    """The topic name. [string]"""
    partition: int
    """The topic partition index. [int32 (-2147483648 to 2147483647)]"""


class LegacyOffsetCommitValueV0(TypedDict, total=False, closed=True):
    """LegacyOffsetCommitValue version 0: the coordinator record value (coordinator/group, record type 0)."""
    offset: int
    """The offset that the consumer wants to store (for this partition). [int64 (-9223372036854775808 to 9223372036854775807)]"""
    metadata: str
    """Any metadata the client wants to keep. [string]"""
    commit_timestamp: int
    """The time at which the commit was added to the log. [int64 (-9223372036854775808 to 9223372036854775807)]"""


class OffsetCommitKeyV0(TypedDict, total=False, closed=True):
    """OffsetCommitKey version 0: the coordinator record key (coordinator/group, record type 1)."""
    group: str
    """The consumer group id. [string]"""
    topic: str
    """The topic name. [string]"""
    partition: int
    """The topic partition index. [int32 (-2147483648 to 2147483647)]"""


class OffsetCommitValueV0(TypedDict, total=False, closed=True):
    """OffsetCommitValue version 0: the coordinator record value (coordinator/group, record type 1)."""
    offset: int
    """The offset that the consumer wants to store (for this partition). [int64 (-9223372036854775808 to 9223372036854775807)]"""
    metadata: str
    """Any metadata the client wants to keep. [string]"""
    commit_timestamp: int
    """The time at which the commit was added to the log. [int64 (-9223372036854775808 to 9223372036854775807)]"""


class OffsetCommitValueV1(TypedDict, total=False, closed=True):
    """OffsetCommitValue version 1: the coordinator record value (coordinator/group, record type 1)."""
    offset: int
    """The offset that the consumer wants to store (for this partition). [int64 (-9223372036854775808 to 9223372036854775807)]"""
    metadata: str
    """Any metadata the client wants to keep. [string]"""
    commit_timestamp: int
    """The time at which the commit was added to the log. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    expire_timestamp: int
    """The time at which the offset will expire. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""

OffsetCommitValueV2 = OffsetCommitValueV0
"""OffsetCommitValue version 2: the coordinator record value (coordinator/group, record type 1)."""


class OffsetCommitValueV3(TypedDict, total=False, closed=True):
    """OffsetCommitValue version 3: the coordinator record value (coordinator/group, record type 1)."""
    offset: int
    """The offset that the consumer wants to store (for this partition). [int64 (-9223372036854775808 to 9223372036854775807)]"""
    leader_epoch: int
    """The leader epoch of the last consumed record. [int32 (-2147483648 to 2147483647), default -1]"""
    metadata: str
    """Any metadata the client wants to keep. [string]"""
    commit_timestamp: int
    """The time at which the commit was added to the log. [int64 (-9223372036854775808 to 9223372036854775807)]"""


class OffsetCommitValueV4(TaggedFields, total=False, closed=True):
    """OffsetCommitValue version 4: the coordinator record value (coordinator/group, record type 1)."""
    offset: int
    """The offset that the consumer wants to store (for this partition). [int64 (-9223372036854775808 to 9223372036854775807)]"""
    leader_epoch: int
    """The leader epoch of the last consumed record. [int32 (-2147483648 to 2147483647), default -1]"""
    metadata: str
    """Any metadata the client wants to keep. [string]"""
    commit_timestamp: int
    """The time at which the commit was added to the log. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    topic_id: UUID
    """The topic id of the committed offset. [uuid, tagged field 0]"""


class ShareGroupCurrentMemberAssignmentKeyV0(TypedDict, total=False, closed=True):
    """ShareGroupCurrentMemberAssignmentKey version 0: the coordinator record key (coordinator/group, record type 14)."""
    group_id: str
    """The group id. [string]"""
    member_id: str
    """The member id. [string]"""


class ShareGroupCurrentMemberAssignmentValueTopicPartitionsV0(TaggedFields, total=False, closed=True):
    """``TopicPartitions`` of ShareGroupCurrentMemberAssignmentValue (as in version 0)."""
    topic_id: UUID
    """The topic Id. [uuid]"""
    partitions: list[int]
    """The partition Ids. [array of int32 (-2147483648 to 2147483647)]"""


class ShareGroupCurrentMemberAssignmentValueV0(TaggedFields, total=False, closed=True):
    """ShareGroupCurrentMemberAssignmentValue version 0: the coordinator record value (coordinator/group, record type 14)."""
    member_epoch: int
    """The current member epoch that is expected from the member in the heartbeat request. [int32 (-2147483648 to 2147483647)]"""
    previous_member_epoch: int
    """If the last epoch bump is lost before reaching the member, the member will retry with the previous epoch. [int32 (-2147483648 to 2147483647)]"""
    state: int
    """The member state. See MemberState for the possible values. [int8 (-128 to 127)]"""
    assigned_partitions: list[ShareGroupCurrentMemberAssignmentValueTopicPartitionsV0]
    """The partitions assigned to (or owned by) this member. [array of TopicPartitions]"""


class ShareGroupMemberMetadataKeyV0(TypedDict, total=False, closed=True):
    """ShareGroupMemberMetadataKey version 0: the coordinator record key (coordinator/group, record type 10)."""
    group_id: str
    """The group id. [string]"""
    member_id: str
    """The member id. [string]"""


class ShareGroupMemberMetadataValueV0(TaggedFields, total=False, closed=True):
    """ShareGroupMemberMetadataValue version 0: the coordinator record value (coordinator/group, record type 10)."""
    rack_id: str | None
    """The (optional) rack id. [string, nullable]"""
    client_id: str
    """The client id. [string]"""
    client_host: str
    """The client host. [string]"""
    subscribed_topic_names: list[str]
    """The list of subscribed topic names. [array of string]"""


class ShareGroupMetadataKeyV0(TypedDict, total=False, closed=True):
    """ShareGroupMetadataKey version 0: the coordinator record key (coordinator/group, record type 11)."""
    group_id: str
    """The group id. [string]"""


class ShareGroupMetadataValueV0(TaggedFields, total=False, closed=True):
    """ShareGroupMetadataValue version 0: the coordinator record value (coordinator/group, record type 11)."""
    epoch: int
    """The group epoch. [int32 (-2147483648 to 2147483647)]"""
    metadata_hash: int
    """The hash of all topics in the group. [int64 (-9223372036854775808 to 9223372036854775807)]"""


class ShareGroupStatePartitionMetadataKeyV0(TypedDict, total=False, closed=True):
    """ShareGroupStatePartitionMetadataKey version 0: the coordinator record key (coordinator/group, record type 15)."""
    group_id: str
    """The group id. [string]"""


class ShareGroupStatePartitionMetadataValueTopicPartitionsInfoV0(TaggedFields, total=False, closed=True):
    """``TopicPartitionsInfo`` of ShareGroupStatePartitionMetadataValue (as in version 0)."""
    topic_id: UUID
    """The topic identifier. [uuid]"""
    topic_name: str
    """The topic name. [string]"""
    partitions: list[int]
    """The partitions. [array of int32 (-2147483648 to 2147483647)]"""


class ShareGroupStatePartitionMetadataValueTopicInfoV0(TaggedFields, total=False, closed=True):
    """``TopicInfo`` of ShareGroupStatePartitionMetadataValue (as in version 0)."""
    topic_id: UUID
    """The topic identifier. [uuid]"""
    topic_name: str
    """The topic name. [string]"""


class ShareGroupStatePartitionMetadataValueV0(TaggedFields, total=False, closed=True):
    """ShareGroupStatePartitionMetadataValue version 0: the coordinator record value (coordinator/group, record type 15)."""
    initializing_topics: list[ShareGroupStatePartitionMetadataValueTopicPartitionsInfoV0]
    """The topic-partitions whose share-group state is being initialized. [array of TopicPartitionsInfo]"""
    initialized_topics: list[ShareGroupStatePartitionMetadataValueTopicPartitionsInfoV0]
    """The topics with initialized share-group state. [array of TopicPartitionsInfo]"""
    deleting_topics: list[ShareGroupStatePartitionMetadataValueTopicInfoV0]
    """The topics whose share-group state is being deleted. [array of TopicInfo]"""


class ShareGroupTargetAssignmentMemberKeyV0(TypedDict, total=False, closed=True):
    """ShareGroupTargetAssignmentMemberKey version 0: the coordinator record key (coordinator/group, record type 13)."""
    group_id: str
    """The group id. [string]"""
    member_id: str
    """The member id. [string]"""


class ShareGroupTargetAssignmentMemberValueTopicPartitionV0(TaggedFields, total=False, closed=True):
    """``TopicPartition`` of ShareGroupTargetAssignmentMemberValue (as in version 0)."""
    topic_id: UUID
    """The topic id. [uuid]"""
    partitions: list[int]
    """The partition indexes. [array of int32 (-2147483648 to 2147483647)]"""


class ShareGroupTargetAssignmentMemberValueV0(TaggedFields, total=False, closed=True):
    """ShareGroupTargetAssignmentMemberValue version 0: the coordinator record value (coordinator/group, record type 13)."""
    topic_partitions: list[ShareGroupTargetAssignmentMemberValueTopicPartitionV0]
    """The assigned partitions. [array of TopicPartition]"""


class ShareGroupTargetAssignmentMetadataKeyV0(TypedDict, total=False, closed=True):
    """ShareGroupTargetAssignmentMetadataKey version 0: the coordinator record key (coordinator/group, record type 12)."""
    group_id: str
    """The group id. [string]"""


class ShareGroupTargetAssignmentMetadataValueV0(TaggedFields, total=False, closed=True):
    """ShareGroupTargetAssignmentMetadataValue version 0: the coordinator record value (coordinator/group, record type 12)."""
    assignment_epoch: int
    """The assignment epoch. [int32 (-2147483648 to 2147483647)]"""
    assignment_timestamp: int
    """The time at which the assignment calculation finished. [int64 (-9223372036854775808 to 9223372036854775807), tagged field 0, default 0]"""


class StreamsGroupCurrentMemberAssignmentKeyV0(TypedDict, total=False, closed=True):
    """StreamsGroupCurrentMemberAssignmentKey version 0: the coordinator record key (coordinator/group, record type 22)."""
    group_id: str
    """The group ID. [string]"""
    member_id: str
    """The member ID. [string]"""


class StreamsGroupCurrentMemberAssignmentValueTaskIdsV0(TaggedFields, total=False, closed=True):
    """``TaskIds`` of StreamsGroupCurrentMemberAssignmentValue (as in version 0)."""
    subtopology_id: str
    """The subtopology ID. [string]"""
    partitions: list[int]
    """The partitions of the input topics processed by this member. [array of int32 (-2147483648 to 2147483647)]"""
    assignment_epochs: list[int] | None
    """The epoch at which the partition was assigned to the member. Used to fence zombie commits requests. Of the same length as Partitions. Only defined for active tasks. [array of int32 (-2147483648 to 2147483647), nullable, tagged field 0]"""


class StreamsGroupCurrentMemberAssignmentValueV0(TaggedFields, total=False, closed=True):
    """StreamsGroupCurrentMemberAssignmentValue version 0: the coordinator record value (coordinator/group, record type 22)."""
    member_epoch: int
    """The current member epoch that is expected from the member in the heartbeat request. [int32 (-2147483648 to 2147483647)]"""
    previous_member_epoch: int
    """If the last epoch bump is lost before reaching the member, the member will retry with the previous epoch. [int32 (-2147483648 to 2147483647)]"""
    state: int
    """The member state. See StreamsGroupMember.MemberState for the possible values. [int8 (-128 to 127)]"""
    active_tasks: list[StreamsGroupCurrentMemberAssignmentValueTaskIdsV0]
    """Currently assigned active tasks for this streams client. [array of TaskIds]"""
    standby_tasks: list[StreamsGroupCurrentMemberAssignmentValueTaskIdsV0]
    """Currently assigned standby tasks for this streams client. [array of TaskIds]"""
    warmup_tasks: list[StreamsGroupCurrentMemberAssignmentValueTaskIdsV0]
    """Currently assigned warm-up tasks for this streams client. [array of TaskIds]"""
    active_tasks_pending_revocation: list[StreamsGroupCurrentMemberAssignmentValueTaskIdsV0]
    """The active tasks that must be revoked by this member. [array of TaskIds]"""
    standby_tasks_pending_revocation: list[StreamsGroupCurrentMemberAssignmentValueTaskIdsV0]
    """The standby tasks that must be revoked by this member. [array of TaskIds]"""
    warmup_tasks_pending_revocation: list[StreamsGroupCurrentMemberAssignmentValueTaskIdsV0]
    """The warmup tasks that must be revoked by this member. [array of TaskIds]"""


class StreamsGroupMemberMetadataKeyV0(TypedDict, total=False, closed=True):
    """StreamsGroupMemberMetadataKey version 0: the coordinator record key (coordinator/group, record type 19)."""
    group_id: str
    """The group ID. [string]"""
    member_id: str
    """The member ID. [string]"""


class StreamsGroupMemberMetadataValueEndpointV0(TaggedFields, total=False, closed=True):
    """``Endpoint`` of StreamsGroupMemberMetadataValue (as in version 0)."""
    host: str
    """The host of the endpoint. [string]"""
    port: int
    """The port of the endpoint. [uint16 (0 to 65535)]"""


class StreamsGroupMemberMetadataValueKeyValueV0(TaggedFields, total=False, closed=True):
    """``KeyValue`` of StreamsGroupMemberMetadataValue (as in version 0)."""
    key: str
    """The key of the config. [string]"""
    value: str
    """the value of the config. [string]"""


class StreamsGroupMemberMetadataValueV0(TaggedFields, total=False, closed=True):
    """StreamsGroupMemberMetadataValue version 0: the coordinator record value (coordinator/group, record type 19)."""
    instance_id: str | None
    """The (optional) instance ID for static membership. [string, nullable]"""
    rack_id: str | None
    """The (optional) rack ID. [string, nullable]"""
    client_id: str
    """The client ID. [string]"""
    client_host: str
    """The client host. [string]"""
    rebalance_timeout_ms: int
    """The rebalance timeout. [int32 (-2147483648 to 2147483647), default -1]"""
    topology_epoch: int
    """The epoch of the topology. [int32 (-2147483648 to 2147483647)]"""
    process_id: str
    """Identity of the streams instance that may have multiple consumers. [string]"""
    user_endpoint: StreamsGroupMemberMetadataValueEndpointV0 | None
    """User-defined endpoint for running interactive queries on this instance. [Endpoint, nullable, default null]"""
    client_tags: list[StreamsGroupMemberMetadataValueKeyValueV0]
    """Used for rack-aware assignment algorithm. [array of KeyValue]"""


class StreamsGroupMetadataKeyV0(TypedDict, total=False, closed=True):
    """StreamsGroupMetadataKey version 0: the coordinator record key (coordinator/group, record type 17)."""
    group_id: str
    """The group ID. [string]"""


class StreamsGroupMetadataValueLastAssignmentConfigV0(TaggedFields, total=False, closed=True):
    """``LastAssignmentConfig`` of StreamsGroupMetadataValue (as in version 0)."""
    key: str
    """Key of the config. [string]"""
    value: str
    """Value of the config. [string]"""


class StreamsGroupMetadataValueV0(TaggedFields, total=False, closed=True):
    """StreamsGroupMetadataValue version 0: the coordinator record value (coordinator/group, record type 17)."""
    epoch: int
    """The group epoch. [int32 (-2147483648 to 2147483647)]"""
    metadata_hash: int
    """The hash of all topics in the group. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    validated_topology_epoch: int
    """The topology epoch whose topics are validated to be present in a valid configuration in the metadata. [int32 (-2147483648 to 2147483647), tagged field 0, default -1]"""
    last_assignment_configs: list[StreamsGroupMetadataValueLastAssignmentConfigV0] | None
    """The last used configuration parameters as key-value pairs. [array of LastAssignmentConfig, nullable, tagged field 1]"""
    stored_description_topology_epoch: int
    """The topology epoch the plugin holds, or -1 if none. -2 (uncertain) marks an interrupted plugin operation: it solicits a push like -1 and is delete-eligible like a stored epoch. [int32 (-2147483648 to 2147483647), tagged field 2, default -1]"""
    failed_description_topology_epoch: int
    """The topology epoch whose description push the plugin permanently rejected (signalled by StreamsTopologyDescriptionPermanentFailureException), or -1 if none. Heartbeat-path solicitation is suppressed while this equals the current topology epoch, to avoid hot-looping. [int32 (-2147483648 to 2147483647), tagged field 3, default -1]"""


class StreamsGroupTargetAssignmentMemberKeyV0(TypedDict, total=False, closed=True):
    """StreamsGroupTargetAssignmentMemberKey version 0: the coordinator record key (coordinator/group, record type 21)."""
    group_id: str
    """The group ID. [string]"""
    member_id: str
    """The member ID. [string]"""


class StreamsGroupTargetAssignmentMemberValueTaskIdsV0(TaggedFields, total=False, closed=True):
    """``TaskIds`` of StreamsGroupTargetAssignmentMemberValue (as in version 0)."""
    subtopology_id: str
    """The subtopology ID. [string]"""
    partitions: list[int]
    """The partitions of the input topics processed by this member. [array of int32 (-2147483648 to 2147483647)]"""


class StreamsGroupTargetAssignmentMemberValueV0(TaggedFields, total=False, closed=True):
    """StreamsGroupTargetAssignmentMemberValue version 0: the coordinator record value (coordinator/group, record type 21)."""
    active_tasks: list[StreamsGroupTargetAssignmentMemberValueTaskIdsV0]
    """Currently assigned active tasks for this streams client. [array of TaskIds]"""
    standby_tasks: list[StreamsGroupTargetAssignmentMemberValueTaskIdsV0]
    """Currently assigned standby tasks for this streams client. [array of TaskIds]"""
    warmup_tasks: list[StreamsGroupTargetAssignmentMemberValueTaskIdsV0]
    """Currently assigned warm-up tasks for this streams client. [array of TaskIds]"""


class StreamsGroupTargetAssignmentMetadataKeyV0(TypedDict, total=False, closed=True):
    """StreamsGroupTargetAssignmentMetadataKey version 0: the coordinator record key (coordinator/group, record type 20)."""
    group_id: str
    """The group ID. [string]"""


class StreamsGroupTargetAssignmentMetadataValueV0(TaggedFields, total=False, closed=True):
    """StreamsGroupTargetAssignmentMetadataValue version 0: the coordinator record value (coordinator/group, record type 20)."""
    assignment_epoch: int
    """The assignment epoch. [int32 (-2147483648 to 2147483647)]"""
    assignment_timestamp: int
    """The time at which the assignment calculation finished. [int64 (-9223372036854775808 to 9223372036854775807), tagged field 0, default 0]"""


class StreamsGroupTopologyKeyV0(TypedDict, total=False, closed=True):
    """StreamsGroupTopologyKey version 0: the coordinator record key (coordinator/group, record type 23)."""
    group_id: str
    """The group ID. [string]"""


class StreamsGroupTopologyValueTopicConfigV0(TaggedFields, total=False, closed=True):
    """``TopicConfig`` of StreamsGroupTopologyValue (as in version 0)."""
    key: str
    """The key of the topic-level configuration. [string]"""
    value: str
    """The value of the topic-level configuration. [string]"""


class StreamsGroupTopologyValueTopicInfoV0(TaggedFields, total=False, closed=True):
    """``TopicInfo`` of StreamsGroupTopologyValue (as in version 0)."""
    name: str
    """The name of the topic. [string]"""
    partitions: int
    """The number of partitions in the topic. Can be 0 if no specific number of partitions is enforced. Always 0 for changelog topics. [int32 (-2147483648 to 2147483647)]"""
    replication_factor: int
    """The replication factor of the topic. Can be 0 if the default replication factor should be used. [int16 (-32768 to 32767)]"""
    topic_configs: list[StreamsGroupTopologyValueTopicConfigV0]
    """Topic-level configurations as key-value pairs. [array of TopicConfig]"""


class StreamsGroupTopologyValueCopartitionGroupV0(TaggedFields, total=False, closed=True):
    """``CopartitionGroup`` of StreamsGroupTopologyValue (as in version 0)."""
    source_topics: list[int]
    """The topics the topology reads from. Index into the array on the subtopology level. [array of int16 (-32768 to 32767)]"""
    source_topic_regex: list[int]
    """Regular expressions identifying topics the subtopology reads from. Index into the array on the subtopology level. [array of int16 (-32768 to 32767)]"""
    repartition_source_topics: list[int]
    """The set of source topics that are internally created repartition topics. Index into the array on the subtopology level. [array of int16 (-32768 to 32767)]"""


class StreamsGroupTopologyValueSubtopologyV0(TaggedFields, total=False, closed=True):
    """``Subtopology`` of StreamsGroupTopologyValue (as in version 0)."""
    subtopology_id: str
    """String to uniquely identify the subtopology. [string]"""
    source_topics: list[str]
    """The topics the topology reads from. [array of string]"""
    source_topic_regex: list[str]
    """Regular expressions identifying topics the subtopology reads from. [array of string]"""
    state_changelog_topics: list[StreamsGroupTopologyValueTopicInfoV0]
    """The set of state changelog topics associated with this subtopology. [array of TopicInfo]"""
    repartition_sink_topics: list[str]
    """The repartition topics the subtopology writes to. [array of string]"""
    repartition_source_topics: list[StreamsGroupTopologyValueTopicInfoV0]
    """The set of source topics that are internally created repartition topics. [array of TopicInfo]"""
    copartition_groups: list[StreamsGroupTopologyValueCopartitionGroupV0]
    """A subset of source topics that must be copartitioned. [array of CopartitionGroup]"""


class StreamsGroupTopologyValueV0(TaggedFields, total=False, closed=True):
    """StreamsGroupTopologyValue version 0: the coordinator record value (coordinator/group, record type 23)."""
    epoch: int
    """The epoch of the topology. [int32 (-2147483648 to 2147483647)]"""
    subtopologies: list[StreamsGroupTopologyValueSubtopologyV0]
    """The sub-topologies of the streams application. [array of Subtopology]"""


class ShareSnapshotKeyV0(TypedDict, total=False, closed=True):
    """ShareSnapshotKey version 0: the coordinator record key (coordinator/share, record type 0)."""
    group_id: str
    """The group id. [string]"""
    topic_id: UUID
    """The topic id. [uuid]"""
    partition: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""


class ShareSnapshotValueStateBatchV0(TaggedFields, total=False, closed=True):
    """``StateBatch`` of ShareSnapshotValue (as in version 0)."""
    first_offset: int
    """The first offset of this state batch. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    last_offset: int
    """The last offset of this state batch. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    delivery_state: int
    """The delivery state - 0:Available,2:Acked,4:Archived. [int8 (-128 to 127)]"""
    delivery_count: int
    """The delivery count. [int16 (-32768 to 32767)]"""


class ShareSnapshotValueV0(TaggedFields, total=False, closed=True):
    """ShareSnapshotValue version 0: the coordinator record value (coordinator/share, record type 0)."""
    snapshot_epoch: int
    """The snapshot epoch. [int32 (-2147483648 to 2147483647)]"""
    state_epoch: int
    """The state epoch for this share-partition. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The leader epoch of the share-partition. [int32 (-2147483648 to 2147483647)]"""
    start_offset: int
    """The share-partition start offset. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    delivery_complete_count: int
    """The number of offsets greater than or equal to share-partition start offset for which delivery has been completed. [int32 (-2147483648 to 2147483647), tagged field 0, default -1]"""
    create_timestamp: int
    """The time at which the state was created. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    write_timestamp: int
    """The time at which the state was written or rewritten. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    state_batches: list[ShareSnapshotValueStateBatchV0]
    """The state batches. [array of StateBatch]"""


class ShareUpdateKeyV0(TypedDict, total=False, closed=True):
    """ShareUpdateKey version 0: the coordinator record key (coordinator/share, record type 1)."""
    group_id: str
    """The group id. [string]"""
    topic_id: UUID
    """The topic id. [uuid]"""
    partition: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""


class ShareUpdateValueStateBatchV0(TaggedFields, total=False, closed=True):
    """``StateBatch`` of ShareUpdateValue (as in version 0)."""
    first_offset: int
    """The first offset of this state batch. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    last_offset: int
    """The last offset of this state batch. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    delivery_state: int
    """The delivery state - 0:Available,2:Acked,4:Archived. [int8 (-128 to 127)]"""
    delivery_count: int
    """The delivery count. [int16 (-32768 to 32767)]"""


class ShareUpdateValueV0(TaggedFields, total=False, closed=True):
    """ShareUpdateValue version 0: the coordinator record value (coordinator/share, record type 1)."""
    snapshot_epoch: int
    """The snapshot epoch. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The leader epoch of the share-partition. [int32 (-2147483648 to 2147483647)]"""
    start_offset: int
    """The share-partition start offset, or -1 if the start offset is not being updated. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    delivery_complete_count: int
    """The number of offsets greater than or equal to share-partition start offset for which delivery has been completed. [int32 (-2147483648 to 2147483647), tagged field 0, default -1]"""
    state_batches: list[ShareUpdateValueStateBatchV0]
    """The state batches that have been updated. [array of StateBatch]"""


class TransactionLogKeyV0(TypedDict, total=False, closed=True):
    """TransactionLogKey version 0: the coordinator record key (coordinator/transaction, record type 0)."""
    transactional_id: str
    """The transactional id of the transaction. [string]"""


class TransactionLogValuePartitionsSchemaV0(TypedDict, total=False, closed=True):
    """``PartitionsSchema`` of TransactionLogValue (as in version 0)."""
    topic: str
    """Topic involved in the transaction. [string]"""
    partition_ids: list[int]
    """Partition ids involved in the transaction. [array of int32 (-2147483648 to 2147483647)]"""


class TransactionLogValueV0(TypedDict, total=False, closed=True):
    """TransactionLogValue version 0: the coordinator record value (coordinator/transaction, record type 0)."""
    producer_id: int
    """Producer id in use by the transactional id. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    producer_epoch: int
    """Epoch associated with the producer id. [int16 (-32768 to 32767)]"""
    transaction_timeout_ms: int
    """Transaction timeout in milliseconds. [int32 (-2147483648 to 2147483647)]"""
    transaction_status: int
    """TransactionState the transaction is in. [int8 (-128 to 127)]"""
    transaction_partitions: list[TransactionLogValuePartitionsSchemaV0] | None
    """Partitions involved in the transaction. [array of PartitionsSchema, nullable]"""
    transaction_last_update_timestamp_ms: int
    """Time the transaction was last updated. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    transaction_start_timestamp_ms: int
    """Time the transaction was started. [int64 (-9223372036854775808 to 9223372036854775807)]"""


class TransactionLogValuePartitionsSchemaV1(TaggedFields, total=False, closed=True):
    """``PartitionsSchema`` of TransactionLogValue (as in version 1)."""
    topic: str
    """Topic involved in the transaction. [string]"""
    partition_ids: list[int]
    """Partition ids involved in the transaction. [array of int32 (-2147483648 to 2147483647)]"""


class TransactionLogValueV1(TaggedFields, total=False, closed=True):
    """TransactionLogValue version 1: the coordinator record value (coordinator/transaction, record type 0)."""
    producer_id: int
    """Producer id in use by the transactional id. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    previous_producer_id: int
    """Producer id used by the last committed transaction. [int64 (-9223372036854775808 to 9223372036854775807), tagged field 0, default -1]"""
    next_producer_id: int
    """Latest producer ID sent to the producer for the given transactional id. [int64 (-9223372036854775808 to 9223372036854775807), tagged field 1, default -1]"""
    producer_epoch: int
    """Epoch associated with the producer id. [int16 (-32768 to 32767)]"""
    next_producer_epoch: int
    """Producer epoch associated with the NextProducerId [int16 (-32768 to 32767), tagged field 3, default -1]"""
    transaction_timeout_ms: int
    """Transaction timeout in milliseconds. [int32 (-2147483648 to 2147483647)]"""
    transaction_status: int
    """TransactionState the transaction is in. [int8 (-128 to 127)]"""
    transaction_partitions: list[TransactionLogValuePartitionsSchemaV1] | None
    """Partitions involved in the transaction. [array of PartitionsSchema, nullable]"""
    transaction_last_update_timestamp_ms: int
    """Time the transaction was last updated. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    transaction_start_timestamp_ms: int
    """Time the transaction was started. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    client_transaction_version: int
    """The transaction version used by the client. [int16 (-32768 to 32767), tagged field 2, default 0]"""


class AbortedTxnV0(TypedDict, total=False, closed=True):
    """AbortedTxn version 0: the data format (message)."""
    producer_id: int
    """The producer id associated with the aborted transaction [int64 (-9223372036854775808 to 9223372036854775807)]"""
    first_offset: int
    """The first offset in the aborted transaction [int64 (-9223372036854775808 to 9223372036854775807)]"""
    last_offset: int
    """The last offset in the aborted transaction [int64 (-9223372036854775808 to 9223372036854775807)]"""
    last_stable_offset: int
    """The last stable offset at the time the transaction was aborted [int64 (-9223372036854775808 to 9223372036854775807)]"""


class AddOffsetsToTxnRequestV0(TypedDict, total=False, closed=True):
    """AddOffsetsToTxnRequest version 0: the request body (message, API key 25)."""
    transactional_id: str
    """The transactional id corresponding to the transaction. [string]"""
    producer_id: int
    """Current producer id in use by the transactional id. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    producer_epoch: int
    """Current epoch associated with the producer id. [int16 (-32768 to 32767)]"""
    group_id: str
    """The unique group identifier. [string]"""

AddOffsetsToTxnRequestV1 = AddOffsetsToTxnRequestV0
"""AddOffsetsToTxnRequest version 1: the request body (message, API key 25)."""

AddOffsetsToTxnRequestV2 = AddOffsetsToTxnRequestV0
"""AddOffsetsToTxnRequest version 2: the request body (message, API key 25)."""


class AddOffsetsToTxnRequestV3(TaggedFields, total=False, closed=True):
    """AddOffsetsToTxnRequest version 3: the request body (message, API key 25)."""
    transactional_id: str
    """The transactional id corresponding to the transaction. [string]"""
    producer_id: int
    """Current producer id in use by the transactional id. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    producer_epoch: int
    """Current epoch associated with the producer id. [int16 (-32768 to 32767)]"""
    group_id: str
    """The unique group identifier. [string]"""

AddOffsetsToTxnRequestV4 = AddOffsetsToTxnRequestV3
"""AddOffsetsToTxnRequest version 4: the request body (message, API key 25)."""


class AddOffsetsToTxnResponseV0(TypedDict, total=False, closed=True):
    """AddOffsetsToTxnResponse version 0: the response body (message, API key 25)."""
    throttle_time_ms: int
    """Duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The response error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""

AddOffsetsToTxnResponseV1 = AddOffsetsToTxnResponseV0
"""AddOffsetsToTxnResponse version 1: the response body (message, API key 25)."""

AddOffsetsToTxnResponseV2 = AddOffsetsToTxnResponseV0
"""AddOffsetsToTxnResponse version 2: the response body (message, API key 25)."""


class AddOffsetsToTxnResponseV3(TaggedFields, total=False, closed=True):
    """AddOffsetsToTxnResponse version 3: the response body (message, API key 25)."""
    throttle_time_ms: int
    """Duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The response error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""

AddOffsetsToTxnResponseV4 = AddOffsetsToTxnResponseV3
"""AddOffsetsToTxnResponse version 4: the response body (message, API key 25)."""


class AddPartitionsToTxnRequestAddPartitionsToTxnTopicV0(TypedDict, total=False, closed=True):
    """``AddPartitionsToTxnTopic`` of AddPartitionsToTxnRequest (as in version 0)."""
    name: str
    """The name of the topic. [string]"""
    partitions: list[int]
    """The partition indexes to add to the transaction. [array of int32 (-2147483648 to 2147483647)]"""


class AddPartitionsToTxnRequestV0(TypedDict, total=False, closed=True):
    """AddPartitionsToTxnRequest version 0: the request body (message, API key 24)."""
    v3_and_below_transactional_id: str
    """The transactional id corresponding to the transaction. [string]"""
    v3_and_below_producer_id: int
    """Current producer id in use by the transactional id. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    v3_and_below_producer_epoch: int
    """Current epoch associated with the producer id. [int16 (-32768 to 32767)]"""
    v3_and_below_topics: list[AddPartitionsToTxnRequestAddPartitionsToTxnTopicV0]
    """The partitions to add to the transaction. [array of AddPartitionsToTxnTopic]"""

AddPartitionsToTxnRequestV1 = AddPartitionsToTxnRequestV0
"""AddPartitionsToTxnRequest version 1: the request body (message, API key 24)."""

AddPartitionsToTxnRequestV2 = AddPartitionsToTxnRequestV0
"""AddPartitionsToTxnRequest version 2: the request body (message, API key 24)."""


class AddPartitionsToTxnRequestAddPartitionsToTxnTopicV3(TaggedFields, total=False, closed=True):
    """``AddPartitionsToTxnTopic`` of AddPartitionsToTxnRequest (as in version 3)."""
    name: str
    """The name of the topic. [string]"""
    partitions: list[int]
    """The partition indexes to add to the transaction. [array of int32 (-2147483648 to 2147483647)]"""


class AddPartitionsToTxnRequestV3(TaggedFields, total=False, closed=True):
    """AddPartitionsToTxnRequest version 3: the request body (message, API key 24)."""
    v3_and_below_transactional_id: str
    """The transactional id corresponding to the transaction. [string]"""
    v3_and_below_producer_id: int
    """Current producer id in use by the transactional id. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    v3_and_below_producer_epoch: int
    """Current epoch associated with the producer id. [int16 (-32768 to 32767)]"""
    v3_and_below_topics: list[AddPartitionsToTxnRequestAddPartitionsToTxnTopicV3]
    """The partitions to add to the transaction. [array of AddPartitionsToTxnTopic]"""


class AddPartitionsToTxnRequestAddPartitionsToTxnTransactionV4(TaggedFields, total=False, closed=True):
    """``AddPartitionsToTxnTransaction`` of AddPartitionsToTxnRequest (as in version 4)."""
    transactional_id: str
    """The transactional id corresponding to the transaction. [string]"""
    producer_id: int
    """Current producer id in use by the transactional id. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    producer_epoch: int
    """Current epoch associated with the producer id. [int16 (-32768 to 32767)]"""
    verify_only: bool
    """Boolean to signify if we want to check if the partition is in the transaction rather than add it. [bool, default false]"""
    topics: list[AddPartitionsToTxnRequestAddPartitionsToTxnTopicV3]
    """The partitions to add to the transaction. [array of AddPartitionsToTxnTopic]"""


class AddPartitionsToTxnRequestV4(TaggedFields, total=False, closed=True):
    """AddPartitionsToTxnRequest version 4: the request body (message, API key 24)."""
    transactions: list[AddPartitionsToTxnRequestAddPartitionsToTxnTransactionV4]
    """List of transactions to add partitions to. [array of AddPartitionsToTxnTransaction]"""

AddPartitionsToTxnRequestV5 = AddPartitionsToTxnRequestV4
"""AddPartitionsToTxnRequest version 5: the request body (message, API key 24)."""


class AddPartitionsToTxnResponseAddPartitionsToTxnPartitionResultV0(TypedDict, total=False, closed=True):
    """``AddPartitionsToTxnPartitionResult`` of AddPartitionsToTxnResponse (as in version 0)."""
    partition_index: int
    """The partition indexes. [int32 (-2147483648 to 2147483647)]"""
    partition_error_code: int
    """The response error code. [int16 (-32768 to 32767)]"""


class AddPartitionsToTxnResponseAddPartitionsToTxnTopicResultV0(TypedDict, total=False, closed=True):
    """``AddPartitionsToTxnTopicResult`` of AddPartitionsToTxnResponse (as in version 0)."""
    name: str
    """The topic name. [string]"""
    results_by_partition: list[AddPartitionsToTxnResponseAddPartitionsToTxnPartitionResultV0]
    """The results for each partition. [array of AddPartitionsToTxnPartitionResult]"""


class AddPartitionsToTxnResponseV0(TypedDict, total=False, closed=True):
    """AddPartitionsToTxnResponse version 0: the response body (message, API key 24)."""
    throttle_time_ms: int
    """Duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    results_by_topic_v3_and_below: list[AddPartitionsToTxnResponseAddPartitionsToTxnTopicResultV0]
    """The results for each topic. [array of AddPartitionsToTxnTopicResult]"""

AddPartitionsToTxnResponseV1 = AddPartitionsToTxnResponseV0
"""AddPartitionsToTxnResponse version 1: the response body (message, API key 24)."""

AddPartitionsToTxnResponseV2 = AddPartitionsToTxnResponseV0
"""AddPartitionsToTxnResponse version 2: the response body (message, API key 24)."""


class AddPartitionsToTxnResponseAddPartitionsToTxnPartitionResultV3(TaggedFields, total=False, closed=True):
    """``AddPartitionsToTxnPartitionResult`` of AddPartitionsToTxnResponse (as in version 3)."""
    partition_index: int
    """The partition indexes. [int32 (-2147483648 to 2147483647)]"""
    partition_error_code: int
    """The response error code. [int16 (-32768 to 32767)]"""


class AddPartitionsToTxnResponseAddPartitionsToTxnTopicResultV3(TaggedFields, total=False, closed=True):
    """``AddPartitionsToTxnTopicResult`` of AddPartitionsToTxnResponse (as in version 3)."""
    name: str
    """The topic name. [string]"""
    results_by_partition: list[AddPartitionsToTxnResponseAddPartitionsToTxnPartitionResultV3]
    """The results for each partition. [array of AddPartitionsToTxnPartitionResult]"""


class AddPartitionsToTxnResponseV3(TaggedFields, total=False, closed=True):
    """AddPartitionsToTxnResponse version 3: the response body (message, API key 24)."""
    throttle_time_ms: int
    """Duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    results_by_topic_v3_and_below: list[AddPartitionsToTxnResponseAddPartitionsToTxnTopicResultV3]
    """The results for each topic. [array of AddPartitionsToTxnTopicResult]"""


class AddPartitionsToTxnResponseAddPartitionsToTxnResultV4(TaggedFields, total=False, closed=True):
    """``AddPartitionsToTxnResult`` of AddPartitionsToTxnResponse (as in version 4)."""
    transactional_id: str
    """The transactional id corresponding to the transaction. [string]"""
    topic_results: list[AddPartitionsToTxnResponseAddPartitionsToTxnTopicResultV3]
    """The results for each topic. [array of AddPartitionsToTxnTopicResult]"""


class AddPartitionsToTxnResponseV4(TaggedFields, total=False, closed=True):
    """AddPartitionsToTxnResponse version 4: the response body (message, API key 24)."""
    throttle_time_ms: int
    """Duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The response top level error code. [int16 (-32768 to 32767)]"""
    results_by_transaction: list[AddPartitionsToTxnResponseAddPartitionsToTxnResultV4]
    """Results categorized by transactional ID. [array of AddPartitionsToTxnResult]"""

AddPartitionsToTxnResponseV5 = AddPartitionsToTxnResponseV4
"""AddPartitionsToTxnResponse version 5: the response body (message, API key 24)."""


class AddRaftVoterRequestListenerV0(TaggedFields, total=False, closed=True):
    """``Listener`` of AddRaftVoterRequest (as in version 0)."""
    name: str
    """The name of the endpoint. [string]"""
    host: str
    """The hostname. [string]"""
    port: int
    """The port. [uint16 (0 to 65535)]"""


class AddRaftVoterRequestV0(TaggedFields, total=False, closed=True):
    """AddRaftVoterRequest version 0: the request body (message, API key 80)."""
    cluster_id: str | None
    """The cluster id. [string, nullable]"""
    timeout_ms: int
    """The maximum time to wait for the request to complete before returning. [int32 (-2147483648 to 2147483647)]"""
    voter_id: int
    """The replica id of the voter getting added to the topic partition. [int32 (-2147483648 to 2147483647)]"""
    voter_directory_id: UUID
    """The directory id of the voter getting added to the topic partition. [uuid]"""
    listeners: list[AddRaftVoterRequestListenerV0]
    """The endpoints that can be used to communicate with the voter. [array of Listener]"""


class AddRaftVoterRequestV1(TaggedFields, total=False, closed=True):
    """AddRaftVoterRequest version 1: the request body (message, API key 80)."""
    cluster_id: str | None
    """The cluster id. [string, nullable]"""
    timeout_ms: int
    """The maximum time to wait for the request to complete before returning. [int32 (-2147483648 to 2147483647)]"""
    voter_id: int
    """The replica id of the voter getting added to the topic partition. [int32 (-2147483648 to 2147483647)]"""
    voter_directory_id: UUID
    """The directory id of the voter getting added to the topic partition. [uuid]"""
    listeners: list[AddRaftVoterRequestListenerV0]
    """The endpoints that can be used to communicate with the voter. [array of Listener]"""
    ack_when_committed: bool
    """When true, return a response after the new voter set is committed. Otherwise, return after the leader writes the changes locally. [bool, default true]"""


class AddRaftVoterResponseV0(TaggedFields, total=False, closed=True):
    """AddRaftVoterResponse version 0: the response body (message, API key 80)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The error message, or null if there was no error. [string, nullable]"""

AddRaftVoterResponseV1 = AddRaftVoterResponseV0
"""AddRaftVoterResponse version 1: the response body (message, API key 80)."""


class AllocateProducerIdsRequestV0(TaggedFields, total=False, closed=True):
    """AllocateProducerIdsRequest version 0: the request body (message, API key 67)."""
    broker_id: int
    """The ID of the requesting broker. [int32 (-2147483648 to 2147483647)]"""
    broker_epoch: int
    """The epoch of the requesting broker. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""


class AllocateProducerIdsResponseV0(TaggedFields, total=False, closed=True):
    """AllocateProducerIdsResponse version 0: the response body (message, API key 67)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The top level response error code. [int16 (-32768 to 32767)]"""
    producer_id_start: int
    """The first producer ID in this range, inclusive. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    producer_id_len: int
    """The number of producer IDs in this range. [int32 (-2147483648 to 2147483647)]"""


class AlterClientQuotasRequestEntityDataV0(TypedDict, total=False, closed=True):
    """``EntityData`` of AlterClientQuotasRequest (as in version 0)."""
    entity_type: str
    """The entity type. [string]"""
    entity_name: str | None
    """The name of the entity, or null if the default. [string, nullable]"""


class AlterClientQuotasRequestOpDataV0(TypedDict, total=False, closed=True):
    """``OpData`` of AlterClientQuotasRequest (as in version 0)."""
    key: str
    """The quota configuration key. [string]"""
    value: float
    """The value to set, otherwise ignored if the value is to be removed. [float64]"""
    remove: bool
    """Whether the quota configuration value should be removed, otherwise set. [bool]"""


class AlterClientQuotasRequestEntryDataV0(TypedDict, total=False, closed=True):
    """``EntryData`` of AlterClientQuotasRequest (as in version 0)."""
    entity: list[AlterClientQuotasRequestEntityDataV0]
    """The quota entity to alter. [array of EntityData]"""
    ops: list[AlterClientQuotasRequestOpDataV0]
    """An individual quota configuration entry to alter. [array of OpData]"""


class AlterClientQuotasRequestV0(TypedDict, total=False, closed=True):
    """AlterClientQuotasRequest version 0: the request body (message, API key 49)."""
    entries: list[AlterClientQuotasRequestEntryDataV0]
    """The quota configuration entries to alter. [array of EntryData]"""
    validate_only: bool
    """Whether the alteration should be validated, but not performed. [bool]"""


class AlterClientQuotasRequestEntityDataV1(TaggedFields, total=False, closed=True):
    """``EntityData`` of AlterClientQuotasRequest (as in version 1)."""
    entity_type: str
    """The entity type. [string]"""
    entity_name: str | None
    """The name of the entity, or null if the default. [string, nullable]"""


class AlterClientQuotasRequestOpDataV1(TaggedFields, total=False, closed=True):
    """``OpData`` of AlterClientQuotasRequest (as in version 1)."""
    key: str
    """The quota configuration key. [string]"""
    value: float
    """The value to set, otherwise ignored if the value is to be removed. [float64]"""
    remove: bool
    """Whether the quota configuration value should be removed, otherwise set. [bool]"""


class AlterClientQuotasRequestEntryDataV1(TaggedFields, total=False, closed=True):
    """``EntryData`` of AlterClientQuotasRequest (as in version 1)."""
    entity: list[AlterClientQuotasRequestEntityDataV1]
    """The quota entity to alter. [array of EntityData]"""
    ops: list[AlterClientQuotasRequestOpDataV1]
    """An individual quota configuration entry to alter. [array of OpData]"""


class AlterClientQuotasRequestV1(TaggedFields, total=False, closed=True):
    """AlterClientQuotasRequest version 1: the request body (message, API key 49)."""
    entries: list[AlterClientQuotasRequestEntryDataV1]
    """The quota configuration entries to alter. [array of EntryData]"""
    validate_only: bool
    """Whether the alteration should be validated, but not performed. [bool]"""


class AlterClientQuotasResponseEntityDataV0(TypedDict, total=False, closed=True):
    """``EntityData`` of AlterClientQuotasResponse (as in version 0)."""
    entity_type: str
    """The entity type. [string]"""
    entity_name: str | None
    """The name of the entity, or null if the default. [string, nullable]"""


class AlterClientQuotasResponseEntryDataV0(TypedDict, total=False, closed=True):
    """``EntryData`` of AlterClientQuotasResponse (as in version 0)."""
    error_code: int
    """The error code, or `0` if the quota alteration succeeded. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The error message, or `null` if the quota alteration succeeded. [string, nullable]"""
    entity: list[AlterClientQuotasResponseEntityDataV0]
    """The quota entity to alter. [array of EntityData]"""


class AlterClientQuotasResponseV0(TypedDict, total=False, closed=True):
    """AlterClientQuotasResponse version 0: the response body (message, API key 49)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    entries: list[AlterClientQuotasResponseEntryDataV0]
    """The quota configuration entries to alter. [array of EntryData]"""


class AlterClientQuotasResponseEntityDataV1(TaggedFields, total=False, closed=True):
    """``EntityData`` of AlterClientQuotasResponse (as in version 1)."""
    entity_type: str
    """The entity type. [string]"""
    entity_name: str | None
    """The name of the entity, or null if the default. [string, nullable]"""


class AlterClientQuotasResponseEntryDataV1(TaggedFields, total=False, closed=True):
    """``EntryData`` of AlterClientQuotasResponse (as in version 1)."""
    error_code: int
    """The error code, or `0` if the quota alteration succeeded. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The error message, or `null` if the quota alteration succeeded. [string, nullable]"""
    entity: list[AlterClientQuotasResponseEntityDataV1]
    """The quota entity to alter. [array of EntityData]"""


class AlterClientQuotasResponseV1(TaggedFields, total=False, closed=True):
    """AlterClientQuotasResponse version 1: the response body (message, API key 49)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    entries: list[AlterClientQuotasResponseEntryDataV1]
    """The quota configuration entries to alter. [array of EntryData]"""


class AlterConfigsRequestAlterableConfigV0(TypedDict, total=False, closed=True):
    """``AlterableConfig`` of AlterConfigsRequest (as in version 0)."""
    name: str
    """The configuration key name. [string]"""
    value: str | None
    """The value to set for the configuration key. [string, nullable]"""


class AlterConfigsRequestAlterConfigsResourceV0(TypedDict, total=False, closed=True):
    """``AlterConfigsResource`` of AlterConfigsRequest (as in version 0)."""
    resource_type: int
    """The resource type. [int8 (-128 to 127)]"""
    resource_name: str
    """The resource name. [string]"""
    configs: list[AlterConfigsRequestAlterableConfigV0]
    """The configurations. [array of AlterableConfig]"""


class AlterConfigsRequestV0(TypedDict, total=False, closed=True):
    """AlterConfigsRequest version 0: the request body (message, API key 33)."""
    resources: list[AlterConfigsRequestAlterConfigsResourceV0]
    """The updates for each resource. [array of AlterConfigsResource]"""
    validate_only: bool
    """True if we should validate the request, but not change the configurations. [bool]"""

AlterConfigsRequestV1 = AlterConfigsRequestV0
"""AlterConfigsRequest version 1: the request body (message, API key 33)."""


class AlterConfigsRequestAlterableConfigV2(TaggedFields, total=False, closed=True):
    """``AlterableConfig`` of AlterConfigsRequest (as in version 2)."""
    name: str
    """The configuration key name. [string]"""
    value: str | None
    """The value to set for the configuration key. [string, nullable]"""


class AlterConfigsRequestAlterConfigsResourceV2(TaggedFields, total=False, closed=True):
    """``AlterConfigsResource`` of AlterConfigsRequest (as in version 2)."""
    resource_type: int
    """The resource type. [int8 (-128 to 127)]"""
    resource_name: str
    """The resource name. [string]"""
    configs: list[AlterConfigsRequestAlterableConfigV2]
    """The configurations. [array of AlterableConfig]"""


class AlterConfigsRequestV2(TaggedFields, total=False, closed=True):
    """AlterConfigsRequest version 2: the request body (message, API key 33)."""
    resources: list[AlterConfigsRequestAlterConfigsResourceV2]
    """The updates for each resource. [array of AlterConfigsResource]"""
    validate_only: bool
    """True if we should validate the request, but not change the configurations. [bool]"""


class AlterConfigsResponseAlterConfigsResourceResponseV0(TypedDict, total=False, closed=True):
    """``AlterConfigsResourceResponse`` of AlterConfigsResponse (as in version 0)."""
    error_code: int
    """The resource error code. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The resource error message, or null if there was no error. [string, nullable]"""
    resource_type: int
    """The resource type. [int8 (-128 to 127)]"""
    resource_name: str
    """The resource name. [string]"""


class AlterConfigsResponseV0(TypedDict, total=False, closed=True):
    """AlterConfigsResponse version 0: the response body (message, API key 33)."""
    throttle_time_ms: int
    """Duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    responses: list[AlterConfigsResponseAlterConfigsResourceResponseV0]
    """The responses for each resource. [array of AlterConfigsResourceResponse]"""

AlterConfigsResponseV1 = AlterConfigsResponseV0
"""AlterConfigsResponse version 1: the response body (message, API key 33)."""


class AlterConfigsResponseAlterConfigsResourceResponseV2(TaggedFields, total=False, closed=True):
    """``AlterConfigsResourceResponse`` of AlterConfigsResponse (as in version 2)."""
    error_code: int
    """The resource error code. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The resource error message, or null if there was no error. [string, nullable]"""
    resource_type: int
    """The resource type. [int8 (-128 to 127)]"""
    resource_name: str
    """The resource name. [string]"""


class AlterConfigsResponseV2(TaggedFields, total=False, closed=True):
    """AlterConfigsResponse version 2: the response body (message, API key 33)."""
    throttle_time_ms: int
    """Duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    responses: list[AlterConfigsResponseAlterConfigsResourceResponseV2]
    """The responses for each resource. [array of AlterConfigsResourceResponse]"""


class AlterPartitionReassignmentsRequestReassignablePartitionV0(TaggedFields, total=False, closed=True):
    """``ReassignablePartition`` of AlterPartitionReassignmentsRequest (as in version 0)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    replicas: list[int] | None
    """The replicas to place the partitions on, or null to cancel a pending reassignment for this partition. [array of int32 (-2147483648 to 2147483647), nullable, default null]"""


class AlterPartitionReassignmentsRequestReassignableTopicV0(TaggedFields, total=False, closed=True):
    """``ReassignableTopic`` of AlterPartitionReassignmentsRequest (as in version 0)."""
    name: str
    """The topic name. [string]"""
    partitions: list[AlterPartitionReassignmentsRequestReassignablePartitionV0]
    """The partitions to reassign. [array of ReassignablePartition]"""


class AlterPartitionReassignmentsRequestV0(TaggedFields, total=False, closed=True):
    """AlterPartitionReassignmentsRequest version 0: the request body (message, API key 45)."""
    timeout_ms: int
    """The time in ms to wait for the request to complete. [int32 (-2147483648 to 2147483647), default 60000]"""
    topics: list[AlterPartitionReassignmentsRequestReassignableTopicV0]
    """The topics to reassign. [array of ReassignableTopic]"""


class AlterPartitionReassignmentsRequestV1(TaggedFields, total=False, closed=True):
    """AlterPartitionReassignmentsRequest version 1: the request body (message, API key 45)."""
    timeout_ms: int
    """The time in ms to wait for the request to complete. [int32 (-2147483648 to 2147483647), default 60000]"""
    allow_replication_factor_change: bool
    """The option indicating whether changing the replication factor of any given partition as part of this request is a valid move. [bool, default true]"""
    topics: list[AlterPartitionReassignmentsRequestReassignableTopicV0]
    """The topics to reassign. [array of ReassignableTopic]"""


class AlterPartitionReassignmentsResponseReassignablePartitionResponseV0(TaggedFields, total=False, closed=True):
    """``ReassignablePartitionResponse`` of AlterPartitionReassignmentsResponse (as in version 0)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code for this partition, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The error message for this partition, or null if there was no error. [string, nullable]"""


class AlterPartitionReassignmentsResponseReassignableTopicResponseV0(TaggedFields, total=False, closed=True):
    """``ReassignableTopicResponse`` of AlterPartitionReassignmentsResponse (as in version 0)."""
    name: str
    """The topic name. [string]"""
    partitions: list[AlterPartitionReassignmentsResponseReassignablePartitionResponseV0]
    """The responses to partitions to reassign. [array of ReassignablePartitionResponse]"""


class AlterPartitionReassignmentsResponseV0(TaggedFields, total=False, closed=True):
    """AlterPartitionReassignmentsResponse version 0: the response body (message, API key 45)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The top-level error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The top-level error message, or null if there was no error. [string, nullable]"""
    responses: list[AlterPartitionReassignmentsResponseReassignableTopicResponseV0]
    """The responses to topics to reassign. [array of ReassignableTopicResponse]"""


class AlterPartitionReassignmentsResponseV1(TaggedFields, total=False, closed=True):
    """AlterPartitionReassignmentsResponse version 1: the response body (message, API key 45)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    allow_replication_factor_change: bool
    """The option indicating whether changing the replication factor of any given partition as part of the request was allowed. [bool, default true]"""
    error_code: int
    """The top-level error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The top-level error message, or null if there was no error. [string, nullable]"""
    responses: list[AlterPartitionReassignmentsResponseReassignableTopicResponseV0]
    """The responses to topics to reassign. [array of ReassignableTopicResponse]"""


class AlterPartitionRequestPartitionDataV0(TaggedFields, total=False, closed=True):
    """``PartitionData`` of AlterPartitionRequest (as in version 0)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The leader epoch of this partition. [int32 (-2147483648 to 2147483647)]"""
    new_isr: list[int]
    """The ISR for this partition. Deprecated since version 3. [array of int32 (-2147483648 to 2147483647)]"""
    partition_epoch: int
    """The expected epoch of the partition which is being updated. [int32 (-2147483648 to 2147483647)]"""


class AlterPartitionRequestTopicDataV0(TaggedFields, total=False, closed=True):
    """``TopicData`` of AlterPartitionRequest (as in version 0)."""
    topic_name: str
    """The name of the topic to alter ISRs for [string]"""
    partitions: list[AlterPartitionRequestPartitionDataV0]
    """The partitions to alter ISRs for. [array of PartitionData]"""


class AlterPartitionRequestV0(TaggedFields, total=False, closed=True):
    """AlterPartitionRequest version 0: the request body (message, API key 56)."""
    broker_id: int
    """The ID of the requesting broker. [int32 (-2147483648 to 2147483647)]"""
    broker_epoch: int
    """The epoch of the requesting broker. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    topics: list[AlterPartitionRequestTopicDataV0]
    """The topics to alter ISRs for. [array of TopicData]"""


class AlterPartitionRequestPartitionDataV1(TaggedFields, total=False, closed=True):
    """``PartitionData`` of AlterPartitionRequest (as in version 1)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The leader epoch of this partition. [int32 (-2147483648 to 2147483647)]"""
    new_isr: list[int]
    """The ISR for this partition. Deprecated since version 3. [array of int32 (-2147483648 to 2147483647)]"""
    leader_recovery_state: int
    """1 if the partition is recovering from an unclean leader election; 0 otherwise. [int8 (-128 to 127), default 0]"""
    partition_epoch: int
    """The expected epoch of the partition which is being updated. [int32 (-2147483648 to 2147483647)]"""


class AlterPartitionRequestTopicDataV1(TaggedFields, total=False, closed=True):
    """``TopicData`` of AlterPartitionRequest (as in version 1)."""
    topic_name: str
    """The name of the topic to alter ISRs for [string]"""
    partitions: list[AlterPartitionRequestPartitionDataV1]
    """The partitions to alter ISRs for. [array of PartitionData]"""


class AlterPartitionRequestV1(TaggedFields, total=False, closed=True):
    """AlterPartitionRequest version 1: the request body (message, API key 56)."""
    broker_id: int
    """The ID of the requesting broker. [int32 (-2147483648 to 2147483647)]"""
    broker_epoch: int
    """The epoch of the requesting broker. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    topics: list[AlterPartitionRequestTopicDataV1]
    """The topics to alter ISRs for. [array of TopicData]"""


class AlterPartitionRequestTopicDataV2(TaggedFields, total=False, closed=True):
    """``TopicData`` of AlterPartitionRequest (as in version 2)."""
    topic_id: UUID
    """The ID of the topic to alter ISRs for. [uuid]"""
    partitions: list[AlterPartitionRequestPartitionDataV1]
    """The partitions to alter ISRs for. [array of PartitionData]"""


class AlterPartitionRequestV2(TaggedFields, total=False, closed=True):
    """AlterPartitionRequest version 2: the request body (message, API key 56)."""
    broker_id: int
    """The ID of the requesting broker. [int32 (-2147483648 to 2147483647)]"""
    broker_epoch: int
    """The epoch of the requesting broker. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    topics: list[AlterPartitionRequestTopicDataV2]
    """The topics to alter ISRs for. [array of TopicData]"""


class AlterPartitionRequestBrokerStateV3(TaggedFields, total=False, closed=True):
    """``BrokerState`` of AlterPartitionRequest (as in version 3)."""
    broker_id: int
    """The ID of the broker. [int32 (-2147483648 to 2147483647)]"""
    broker_epoch: int
    """The epoch of the broker. It will be -1 if the epoch check is not supported. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""


class AlterPartitionRequestPartitionDataV3(TaggedFields, total=False, closed=True):
    """``PartitionData`` of AlterPartitionRequest (as in version 3)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The leader epoch of this partition. [int32 (-2147483648 to 2147483647)]"""
    new_isr_with_epochs: list[AlterPartitionRequestBrokerStateV3]
    """The ISR for this partition. [array of BrokerState]"""
    leader_recovery_state: int
    """1 if the partition is recovering from an unclean leader election; 0 otherwise. [int8 (-128 to 127), default 0]"""
    partition_epoch: int
    """The expected epoch of the partition which is being updated. [int32 (-2147483648 to 2147483647)]"""


class AlterPartitionRequestTopicDataV3(TaggedFields, total=False, closed=True):
    """``TopicData`` of AlterPartitionRequest (as in version 3)."""
    topic_id: UUID
    """The ID of the topic to alter ISRs for. [uuid]"""
    partitions: list[AlterPartitionRequestPartitionDataV3]
    """The partitions to alter ISRs for. [array of PartitionData]"""


class AlterPartitionRequestV3(TaggedFields, total=False, closed=True):
    """AlterPartitionRequest version 3: the request body (message, API key 56)."""
    broker_id: int
    """The ID of the requesting broker. [int32 (-2147483648 to 2147483647)]"""
    broker_epoch: int
    """The epoch of the requesting broker. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    topics: list[AlterPartitionRequestTopicDataV3]
    """The topics to alter ISRs for. [array of TopicData]"""


class AlterPartitionResponsePartitionDataV0(TaggedFields, total=False, closed=True):
    """``PartitionData`` of AlterPartitionResponse (as in version 0)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The partition level error code. [int16 (-32768 to 32767)]"""
    leader_id: int
    """The broker ID of the leader. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The leader epoch. [int32 (-2147483648 to 2147483647)]"""
    isr: list[int]
    """The in-sync replica IDs. [array of int32 (-2147483648 to 2147483647)]"""
    partition_epoch: int
    """The current epoch for the partition for KRaft controllers. [int32 (-2147483648 to 2147483647)]"""


class AlterPartitionResponseTopicDataV0(TaggedFields, total=False, closed=True):
    """``TopicData`` of AlterPartitionResponse (as in version 0)."""
    topic_name: str
    """The name of the topic [string]"""
    partitions: list[AlterPartitionResponsePartitionDataV0]
    """The responses for each partition. [array of PartitionData]"""


class AlterPartitionResponseV0(TaggedFields, total=False, closed=True):
    """AlterPartitionResponse version 0: the response body (message, API key 56)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The top level response error code. [int16 (-32768 to 32767)]"""
    topics: list[AlterPartitionResponseTopicDataV0]
    """The responses for each topic. [array of TopicData]"""


class AlterPartitionResponsePartitionDataV1(TaggedFields, total=False, closed=True):
    """``PartitionData`` of AlterPartitionResponse (as in version 1)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The partition level error code. [int16 (-32768 to 32767)]"""
    leader_id: int
    """The broker ID of the leader. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The leader epoch. [int32 (-2147483648 to 2147483647)]"""
    isr: list[int]
    """The in-sync replica IDs. [array of int32 (-2147483648 to 2147483647)]"""
    leader_recovery_state: int
    """1 if the partition is recovering from an unclean leader election; 0 otherwise. [int8 (-128 to 127), default 0]"""
    partition_epoch: int
    """The current epoch for the partition for KRaft controllers. [int32 (-2147483648 to 2147483647)]"""


class AlterPartitionResponseTopicDataV1(TaggedFields, total=False, closed=True):
    """``TopicData`` of AlterPartitionResponse (as in version 1)."""
    topic_name: str
    """The name of the topic [string]"""
    partitions: list[AlterPartitionResponsePartitionDataV1]
    """The responses for each partition. [array of PartitionData]"""


class AlterPartitionResponseV1(TaggedFields, total=False, closed=True):
    """AlterPartitionResponse version 1: the response body (message, API key 56)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The top level response error code. [int16 (-32768 to 32767)]"""
    topics: list[AlterPartitionResponseTopicDataV1]
    """The responses for each topic. [array of TopicData]"""


class AlterPartitionResponseTopicDataV2(TaggedFields, total=False, closed=True):
    """``TopicData`` of AlterPartitionResponse (as in version 2)."""
    topic_id: UUID
    """The ID of the topic. [uuid]"""
    partitions: list[AlterPartitionResponsePartitionDataV1]
    """The responses for each partition. [array of PartitionData]"""


class AlterPartitionResponseV2(TaggedFields, total=False, closed=True):
    """AlterPartitionResponse version 2: the response body (message, API key 56)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The top level response error code. [int16 (-32768 to 32767)]"""
    topics: list[AlterPartitionResponseTopicDataV2]
    """The responses for each topic. [array of TopicData]"""

AlterPartitionResponseV3 = AlterPartitionResponseV2
"""AlterPartitionResponse version 3: the response body (message, API key 56)."""


class AlterReplicaLogDirsRequestAlterReplicaLogDirTopicV0(TypedDict, total=False, closed=True):
    """``AlterReplicaLogDirTopic`` of AlterReplicaLogDirsRequest (as in version 0)."""
    name: str
    """The topic name. [string]"""
    partitions: list[int]
    """The partition indexes. [array of int32 (-2147483648 to 2147483647)]"""


class AlterReplicaLogDirsRequestAlterReplicaLogDirV0(TypedDict, total=False, closed=True):
    """``AlterReplicaLogDir`` of AlterReplicaLogDirsRequest (as in version 0)."""
    path: str
    """The absolute directory path. [string]"""
    topics: list[AlterReplicaLogDirsRequestAlterReplicaLogDirTopicV0]
    """The topics to add to the directory. [array of AlterReplicaLogDirTopic]"""


class AlterReplicaLogDirsRequestV0(TypedDict, total=False, closed=True):
    """AlterReplicaLogDirsRequest version 0: the request body (message, API key 34)."""
    dirs: list[AlterReplicaLogDirsRequestAlterReplicaLogDirV0]
    """The alterations to make for each directory. [array of AlterReplicaLogDir]"""

AlterReplicaLogDirsRequestV1 = AlterReplicaLogDirsRequestV0
"""AlterReplicaLogDirsRequest version 1: the request body (message, API key 34)."""


class AlterReplicaLogDirsRequestAlterReplicaLogDirTopicV2(TaggedFields, total=False, closed=True):
    """``AlterReplicaLogDirTopic`` of AlterReplicaLogDirsRequest (as in version 2)."""
    name: str
    """The topic name. [string]"""
    partitions: list[int]
    """The partition indexes. [array of int32 (-2147483648 to 2147483647)]"""


class AlterReplicaLogDirsRequestAlterReplicaLogDirV2(TaggedFields, total=False, closed=True):
    """``AlterReplicaLogDir`` of AlterReplicaLogDirsRequest (as in version 2)."""
    path: str
    """The absolute directory path. [string]"""
    topics: list[AlterReplicaLogDirsRequestAlterReplicaLogDirTopicV2]
    """The topics to add to the directory. [array of AlterReplicaLogDirTopic]"""


class AlterReplicaLogDirsRequestV2(TaggedFields, total=False, closed=True):
    """AlterReplicaLogDirsRequest version 2: the request body (message, API key 34)."""
    dirs: list[AlterReplicaLogDirsRequestAlterReplicaLogDirV2]
    """The alterations to make for each directory. [array of AlterReplicaLogDir]"""


class AlterReplicaLogDirsResponseAlterReplicaLogDirPartitionResultV0(TypedDict, total=False, closed=True):
    """``AlterReplicaLogDirPartitionResult`` of AlterReplicaLogDirsResponse (as in version 0)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""


class AlterReplicaLogDirsResponseAlterReplicaLogDirTopicResultV0(TypedDict, total=False, closed=True):
    """``AlterReplicaLogDirTopicResult`` of AlterReplicaLogDirsResponse (as in version 0)."""
    topic_name: str
    """The name of the topic. [string]"""
    partitions: list[AlterReplicaLogDirsResponseAlterReplicaLogDirPartitionResultV0]
    """The results for each partition. [array of AlterReplicaLogDirPartitionResult]"""


class AlterReplicaLogDirsResponseV0(TypedDict, total=False, closed=True):
    """AlterReplicaLogDirsResponse version 0: the response body (message, API key 34)."""
    throttle_time_ms: int
    """Duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    results: list[AlterReplicaLogDirsResponseAlterReplicaLogDirTopicResultV0]
    """The results for each topic. [array of AlterReplicaLogDirTopicResult]"""

AlterReplicaLogDirsResponseV1 = AlterReplicaLogDirsResponseV0
"""AlterReplicaLogDirsResponse version 1: the response body (message, API key 34)."""


class AlterReplicaLogDirsResponseAlterReplicaLogDirPartitionResultV2(TaggedFields, total=False, closed=True):
    """``AlterReplicaLogDirPartitionResult`` of AlterReplicaLogDirsResponse (as in version 2)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""


class AlterReplicaLogDirsResponseAlterReplicaLogDirTopicResultV2(TaggedFields, total=False, closed=True):
    """``AlterReplicaLogDirTopicResult`` of AlterReplicaLogDirsResponse (as in version 2)."""
    topic_name: str
    """The name of the topic. [string]"""
    partitions: list[AlterReplicaLogDirsResponseAlterReplicaLogDirPartitionResultV2]
    """The results for each partition. [array of AlterReplicaLogDirPartitionResult]"""


class AlterReplicaLogDirsResponseV2(TaggedFields, total=False, closed=True):
    """AlterReplicaLogDirsResponse version 2: the response body (message, API key 34)."""
    throttle_time_ms: int
    """Duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    results: list[AlterReplicaLogDirsResponseAlterReplicaLogDirTopicResultV2]
    """The results for each topic. [array of AlterReplicaLogDirTopicResult]"""


class AlterShareGroupOffsetsRequestPartitionV0(TaggedFields, total=False, closed=True):
    """``AlterShareGroupOffsetsRequestPartition`` of AlterShareGroupOffsetsRequest (as in version 0)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    start_offset: int
    """The share-partition start offset. [int64 (-9223372036854775808 to 9223372036854775807)]"""


class AlterShareGroupOffsetsRequestTopicV0(TaggedFields, total=False, closed=True):
    """``AlterShareGroupOffsetsRequestTopic`` of AlterShareGroupOffsetsRequest (as in version 0)."""
    topic_name: str
    """The topic name. [string]"""
    partitions: list[AlterShareGroupOffsetsRequestPartitionV0]
    """Each partition to alter offsets for. [array of AlterShareGroupOffsetsRequestPartition]"""


class AlterShareGroupOffsetsRequestV0(TaggedFields, total=False, closed=True):
    """AlterShareGroupOffsetsRequest version 0: the request body (message, API key 91)."""
    group_id: str
    """The group identifier. [string]"""
    topics: list[AlterShareGroupOffsetsRequestTopicV0]
    """The topics to alter offsets for. [array of AlterShareGroupOffsetsRequestTopic]"""


class AlterShareGroupOffsetsResponsePartitionV0(TaggedFields, total=False, closed=True):
    """``AlterShareGroupOffsetsResponsePartition`` of AlterShareGroupOffsetsResponse (as in version 0)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The error message, or null if there was no error. [string, nullable, default null]"""


class AlterShareGroupOffsetsResponseTopicV0(TaggedFields, total=False, closed=True):
    """``AlterShareGroupOffsetsResponseTopic`` of AlterShareGroupOffsetsResponse (as in version 0)."""
    topic_name: str
    """The topic name. [string]"""
    topic_id: UUID
    """The unique topic ID. [uuid]"""
    partitions: list[AlterShareGroupOffsetsResponsePartitionV0]
    """Partitions. [array of AlterShareGroupOffsetsResponsePartition]"""


class AlterShareGroupOffsetsResponseV0(TaggedFields, total=False, closed=True):
    """AlterShareGroupOffsetsResponse version 0: the response body (message, API key 91)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The top-level error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The top-level error message, or null if there was no error. [string, nullable, default null]"""
    responses: list[AlterShareGroupOffsetsResponseTopicV0]
    """The results for each topic. [array of AlterShareGroupOffsetsResponseTopic]"""


class AlterUserScramCredentialsRequestScramCredentialDeletionV0(TaggedFields, total=False, closed=True):
    """``ScramCredentialDeletion`` of AlterUserScramCredentialsRequest (as in version 0)."""
    name: str
    """The user name. [string]"""
    mechanism: int
    """The SCRAM mechanism. [int8 (-128 to 127)]"""


class AlterUserScramCredentialsRequestScramCredentialUpsertionV0(TaggedFields, total=False, closed=True):
    """``ScramCredentialUpsertion`` of AlterUserScramCredentialsRequest (as in version 0)."""
    name: str
    """The user name. [string]"""
    mechanism: int
    """The SCRAM mechanism. [int8 (-128 to 127)]"""
    iterations: int
    """The number of iterations. [int32 (-2147483648 to 2147483647)]"""
    salt: bytes
    """A random salt generated by the client. [bytes]"""
    salted_password: bytes
    """The salted password. [bytes]"""


class AlterUserScramCredentialsRequestV0(TaggedFields, total=False, closed=True):
    """AlterUserScramCredentialsRequest version 0: the request body (message, API key 51)."""
    deletions: list[AlterUserScramCredentialsRequestScramCredentialDeletionV0]
    """The SCRAM credentials to remove. [array of ScramCredentialDeletion]"""
    upsertions: list[AlterUserScramCredentialsRequestScramCredentialUpsertionV0]
    """The SCRAM credentials to update/insert. [array of ScramCredentialUpsertion]"""


class AlterUserScramCredentialsResponseAlterUserScramCredentialsResultV0(TaggedFields, total=False, closed=True):
    """``AlterUserScramCredentialsResult`` of AlterUserScramCredentialsResponse (as in version 0)."""
    user: str
    """The user name. [string]"""
    error_code: int
    """The error code. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The error message, if any. [string, nullable]"""


class AlterUserScramCredentialsResponseV0(TaggedFields, total=False, closed=True):
    """AlterUserScramCredentialsResponse version 0: the response body (message, API key 51)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    results: list[AlterUserScramCredentialsResponseAlterUserScramCredentialsResultV0]
    """The results for deletions and alterations, one per affected user. [array of AlterUserScramCredentialsResult]"""


class ApiVersionsRequestV0(TypedDict, total=False, closed=True):
    """ApiVersionsRequest version 0: the request body (message, API key 18)."""

ApiVersionsRequestV1 = ApiVersionsRequestV0
"""ApiVersionsRequest version 1: the request body (message, API key 18)."""

ApiVersionsRequestV2 = ApiVersionsRequestV0
"""ApiVersionsRequest version 2: the request body (message, API key 18)."""


class ApiVersionsRequestV3(TaggedFields, total=False, closed=True):
    """ApiVersionsRequest version 3: the request body (message, API key 18)."""
    client_software_name: str
    """The name of the client. [string]"""
    client_software_version: str
    """The version of the client. [string]"""

ApiVersionsRequestV4 = ApiVersionsRequestV3
"""ApiVersionsRequest version 4: the request body (message, API key 18)."""


class ApiVersionsRequestV5(TaggedFields, total=False, closed=True):
    """ApiVersionsRequest version 5: the request body (message, API key 18)."""
    client_software_name: str
    """The name of the client. [string]"""
    client_software_version: str
    """The version of the client. [string]"""
    cluster_id: str | None
    """The cluster ID the client intends to connect to. Provide both ClusterId and NodeId, if known. [string, nullable, default null]"""
    node_id: int
    """The node ID the client intends to connect to. Provide both ClusterId and NodeId, if known. [int32 (-2147483648 to 2147483647), default -1]"""


class ApiVersionsResponseApiVersionV0(TypedDict, total=False, closed=True):
    """``ApiVersion`` of ApiVersionsResponse (as in version 0)."""
    api_key: int
    """The API index. [int16 (-32768 to 32767)]"""
    min_version: int
    """The minimum supported version, inclusive. [int16 (-32768 to 32767)]"""
    max_version: int
    """The maximum supported version, inclusive. [int16 (-32768 to 32767)]"""


class ApiVersionsResponseV0(TypedDict, total=False, closed=True):
    """ApiVersionsResponse version 0: the response body (message, API key 18)."""
    error_code: int
    """The top-level error code. [int16 (-32768 to 32767)]"""
    api_keys: list[ApiVersionsResponseApiVersionV0]
    """The APIs supported by the broker. [array of ApiVersion]"""


class ApiVersionsResponseV1(TypedDict, total=False, closed=True):
    """ApiVersionsResponse version 1: the response body (message, API key 18)."""
    error_code: int
    """The top-level error code. [int16 (-32768 to 32767)]"""
    api_keys: list[ApiVersionsResponseApiVersionV0]
    """The APIs supported by the broker. [array of ApiVersion]"""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""

ApiVersionsResponseV2 = ApiVersionsResponseV1
"""ApiVersionsResponse version 2: the response body (message, API key 18)."""


class ApiVersionsResponseApiVersionV3(TaggedFields, total=False, closed=True):
    """``ApiVersion`` of ApiVersionsResponse (as in version 3)."""
    api_key: int
    """The API index. [int16 (-32768 to 32767)]"""
    min_version: int
    """The minimum supported version, inclusive. [int16 (-32768 to 32767)]"""
    max_version: int
    """The maximum supported version, inclusive. [int16 (-32768 to 32767)]"""


class ApiVersionsResponseSupportedFeatureKeyV3(TaggedFields, total=False, closed=True):
    """``SupportedFeatureKey`` of ApiVersionsResponse (as in version 3)."""
    name: str
    """The name of the feature. [string]"""
    min_version: int
    """The minimum supported version for the feature. [int16 (-32768 to 32767)]"""
    max_version: int
    """The maximum supported version for the feature. [int16 (-32768 to 32767)]"""


class ApiVersionsResponseFinalizedFeatureKeyV3(TaggedFields, total=False, closed=True):
    """``FinalizedFeatureKey`` of ApiVersionsResponse (as in version 3)."""
    name: str
    """The name of the feature. [string]"""
    max_version_level: int
    """The cluster-wide finalized max version level for the feature. [int16 (-32768 to 32767)]"""
    min_version_level: int
    """The cluster-wide finalized min version level for the feature. [int16 (-32768 to 32767)]"""


class ApiVersionsResponseV3(TaggedFields, total=False, closed=True):
    """ApiVersionsResponse version 3: the response body (message, API key 18)."""
    error_code: int
    """The top-level error code. [int16 (-32768 to 32767)]"""
    api_keys: list[ApiVersionsResponseApiVersionV3]
    """The APIs supported by the broker. [array of ApiVersion]"""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    supported_features: list[ApiVersionsResponseSupportedFeatureKeyV3]
    """Features supported by the broker. Note: in v0-v3, features with MinSupportedVersion = 0 are omitted. [array of SupportedFeatureKey, tagged field 0]"""
    finalized_features_epoch: int
    """The monotonically increasing epoch for the finalized features information. Valid values are >= 0. A value of -1 is special and represents unknown epoch. [int64 (-9223372036854775808 to 9223372036854775807), tagged field 1, default -1]"""
    finalized_features: list[ApiVersionsResponseFinalizedFeatureKeyV3]
    """List of cluster-wide finalized features. The information is valid only if FinalizedFeaturesEpoch >= 0. [array of FinalizedFeatureKey, tagged field 2]"""
    zk_migration_ready: bool
    """Set by a KRaft controller if the required configurations for ZK migration are present. [bool, tagged field 3, default false]"""

ApiVersionsResponseV4 = ApiVersionsResponseV3
"""ApiVersionsResponse version 4: the response body (message, API key 18)."""

ApiVersionsResponseV5 = ApiVersionsResponseV3
"""ApiVersionsResponse version 5: the response body (message, API key 18)."""


class AssignReplicasToDirsRequestPartitionDataV0(TaggedFields, total=False, closed=True):
    """``PartitionData`` of AssignReplicasToDirsRequest (as in version 0)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""


class AssignReplicasToDirsRequestTopicDataV0(TaggedFields, total=False, closed=True):
    """``TopicData`` of AssignReplicasToDirsRequest (as in version 0)."""
    topic_id: UUID
    """The ID of the assigned topic. [uuid]"""
    partitions: list[AssignReplicasToDirsRequestPartitionDataV0]
    """The partitions assigned to the directory. [array of PartitionData]"""


class AssignReplicasToDirsRequestDirectoryDataV0(TaggedFields, total=False, closed=True):
    """``DirectoryData`` of AssignReplicasToDirsRequest (as in version 0)."""
    id: UUID
    """The ID of the directory. [uuid]"""
    topics: list[AssignReplicasToDirsRequestTopicDataV0]
    """The topics assigned to the directory. [array of TopicData]"""


class AssignReplicasToDirsRequestV0(TaggedFields, total=False, closed=True):
    """AssignReplicasToDirsRequest version 0: the request body (message, API key 73)."""
    broker_id: int
    """The ID of the requesting broker. [int32 (-2147483648 to 2147483647)]"""
    broker_epoch: int
    """The epoch of the requesting broker. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    directories: list[AssignReplicasToDirsRequestDirectoryDataV0]
    """The directories to which replicas should be assigned. [array of DirectoryData]"""


class AssignReplicasToDirsResponsePartitionDataV0(TaggedFields, total=False, closed=True):
    """``PartitionData`` of AssignReplicasToDirsResponse (as in version 0)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The partition level error code. [int16 (-32768 to 32767)]"""


class AssignReplicasToDirsResponseTopicDataV0(TaggedFields, total=False, closed=True):
    """``TopicData`` of AssignReplicasToDirsResponse (as in version 0)."""
    topic_id: UUID
    """The ID of the assigned topic. [uuid]"""
    partitions: list[AssignReplicasToDirsResponsePartitionDataV0]
    """The list of assigned partitions. [array of PartitionData]"""


class AssignReplicasToDirsResponseDirectoryDataV0(TaggedFields, total=False, closed=True):
    """``DirectoryData`` of AssignReplicasToDirsResponse (as in version 0)."""
    id: UUID
    """The ID of the directory. [uuid]"""
    topics: list[AssignReplicasToDirsResponseTopicDataV0]
    """The list of topics and their assigned partitions. [array of TopicData]"""


class AssignReplicasToDirsResponseV0(TaggedFields, total=False, closed=True):
    """AssignReplicasToDirsResponse version 0: the response body (message, API key 73)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The top level response error code. [int16 (-32768 to 32767)]"""
    directories: list[AssignReplicasToDirsResponseDirectoryDataV0]
    """The list of directories and their assigned partitions. [array of DirectoryData]"""


class BeginQuorumEpochRequestPartitionDataV0(TypedDict, total=False, closed=True):
    """``PartitionData`` of BeginQuorumEpochRequest (as in version 0)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    leader_id: int
    """The ID of the newly elected leader. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The epoch of the newly elected leader. [int32 (-2147483648 to 2147483647)]"""


class BeginQuorumEpochRequestTopicDataV0(TypedDict, total=False, closed=True):
    """``TopicData`` of BeginQuorumEpochRequest (as in version 0)."""
    topic_name: str
    """The topic name. [string]"""
    partitions: list[BeginQuorumEpochRequestPartitionDataV0]
    """The partitions. [array of PartitionData]"""


class BeginQuorumEpochRequestV0(TypedDict, total=False, closed=True):
    """BeginQuorumEpochRequest version 0: the request body (message, API key 53)."""
    cluster_id: str | None
    """The cluster id. [string, nullable, default null]"""
    topics: list[BeginQuorumEpochRequestTopicDataV0]
    """The topics. [array of TopicData]"""


class BeginQuorumEpochRequestPartitionDataV1(TaggedFields, total=False, closed=True):
    """``PartitionData`` of BeginQuorumEpochRequest (as in version 1)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    voter_directory_id: UUID
    """The directory id of the receiving replica. [uuid]"""
    leader_id: int
    """The ID of the newly elected leader. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The epoch of the newly elected leader. [int32 (-2147483648 to 2147483647)]"""


class BeginQuorumEpochRequestTopicDataV1(TaggedFields, total=False, closed=True):
    """``TopicData`` of BeginQuorumEpochRequest (as in version 1)."""
    topic_name: str
    """The topic name. [string]"""
    partitions: list[BeginQuorumEpochRequestPartitionDataV1]
    """The partitions. [array of PartitionData]"""


class BeginQuorumEpochRequestLeaderEndpointV1(TaggedFields, total=False, closed=True):
    """``LeaderEndpoint`` of BeginQuorumEpochRequest (as in version 1)."""
    name: str
    """The name of the endpoint. [string]"""
    host: str
    """The node's hostname. [string]"""
    port: int
    """The node's port. [uint16 (0 to 65535)]"""


class BeginQuorumEpochRequestV1(TaggedFields, total=False, closed=True):
    """BeginQuorumEpochRequest version 1: the request body (message, API key 53)."""
    cluster_id: str | None
    """The cluster id. [string, nullable, default null]"""
    voter_id: int
    """The replica id of the voter receiving the request. [int32 (-2147483648 to 2147483647), default -1]"""
    topics: list[BeginQuorumEpochRequestTopicDataV1]
    """The topics. [array of TopicData]"""
    leader_endpoints: list[BeginQuorumEpochRequestLeaderEndpointV1]
    """Endpoints for the leader. [array of LeaderEndpoint]"""


class BeginQuorumEpochResponsePartitionDataV0(TypedDict, total=False, closed=True):
    """``PartitionData`` of BeginQuorumEpochResponse (as in version 0)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code for this partition. [int16 (-32768 to 32767)]"""
    leader_id: int
    """The ID of the current leader or -1 if the leader is unknown. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The latest known leader epoch. [int32 (-2147483648 to 2147483647)]"""


class BeginQuorumEpochResponseTopicDataV0(TypedDict, total=False, closed=True):
    """``TopicData`` of BeginQuorumEpochResponse (as in version 0)."""
    topic_name: str
    """The topic name. [string]"""
    partitions: list[BeginQuorumEpochResponsePartitionDataV0]
    """The partition data. [array of PartitionData]"""


class BeginQuorumEpochResponseV0(TypedDict, total=False, closed=True):
    """BeginQuorumEpochResponse version 0: the response body (message, API key 53)."""
    error_code: int
    """The top level error code. [int16 (-32768 to 32767)]"""
    topics: list[BeginQuorumEpochResponseTopicDataV0]
    """The topic data. [array of TopicData]"""


class BeginQuorumEpochResponsePartitionDataV1(TaggedFields, total=False, closed=True):
    """``PartitionData`` of BeginQuorumEpochResponse (as in version 1)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code for this partition. [int16 (-32768 to 32767)]"""
    leader_id: int
    """The ID of the current leader or -1 if the leader is unknown. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The latest known leader epoch. [int32 (-2147483648 to 2147483647)]"""


class BeginQuorumEpochResponseTopicDataV1(TaggedFields, total=False, closed=True):
    """``TopicData`` of BeginQuorumEpochResponse (as in version 1)."""
    topic_name: str
    """The topic name. [string]"""
    partitions: list[BeginQuorumEpochResponsePartitionDataV1]
    """The partition data. [array of PartitionData]"""


class BeginQuorumEpochResponseNodeEndpointV1(TaggedFields, total=False, closed=True):
    """``NodeEndpoint`` of BeginQuorumEpochResponse (as in version 1)."""
    node_id: int
    """The ID of the associated node. [int32 (-2147483648 to 2147483647)]"""
    host: str
    """The node's hostname. [string]"""
    port: int
    """The node's port. [uint16 (0 to 65535)]"""


class BeginQuorumEpochResponseV1(TaggedFields, total=False, closed=True):
    """BeginQuorumEpochResponse version 1: the response body (message, API key 53)."""
    error_code: int
    """The top level error code. [int16 (-32768 to 32767)]"""
    topics: list[BeginQuorumEpochResponseTopicDataV1]
    """The topic data. [array of TopicData]"""
    node_endpoints: list[BeginQuorumEpochResponseNodeEndpointV1]
    """Endpoints for all leaders enumerated in PartitionData. [array of NodeEndpoint, tagged field 0]"""


class BrokerHeartbeatRequestV0(TaggedFields, total=False, closed=True):
    """BrokerHeartbeatRequest version 0: the request body (message, API key 63)."""
    broker_id: int
    """The broker ID. [int32 (-2147483648 to 2147483647)]"""
    broker_epoch: int
    """The broker epoch. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    current_metadata_offset: int
    """The highest metadata offset which the broker has reached. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    want_fence: bool
    """True if the broker wants to be fenced, false otherwise. [bool]"""
    want_shut_down: bool
    """True if the broker wants to be shut down, false otherwise. [bool]"""


class BrokerHeartbeatRequestV1(TaggedFields, total=False, closed=True):
    """BrokerHeartbeatRequest version 1: the request body (message, API key 63)."""
    broker_id: int
    """The broker ID. [int32 (-2147483648 to 2147483647)]"""
    broker_epoch: int
    """The broker epoch. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    current_metadata_offset: int
    """The highest metadata offset which the broker has reached. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    want_fence: bool
    """True if the broker wants to be fenced, false otherwise. [bool]"""
    want_shut_down: bool
    """True if the broker wants to be shut down, false otherwise. [bool]"""
    offline_log_dirs: list[UUID]
    """Log directories that failed and went offline. [array of uuid, tagged field 0]"""


class BrokerHeartbeatRequestV2(TaggedFields, total=False, closed=True):
    """BrokerHeartbeatRequest version 2: the request body (message, API key 63)."""
    broker_id: int
    """The broker ID. [int32 (-2147483648 to 2147483647)]"""
    broker_epoch: int
    """The broker epoch. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    current_metadata_offset: int
    """The highest metadata offset which the broker has reached. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    want_fence: bool
    """True if the broker wants to be fenced, false otherwise. [bool]"""
    want_shut_down: bool
    """True if the broker wants to be shut down, false otherwise. [bool]"""
    offline_log_dirs: list[UUID]
    """Log directories that failed and went offline. [array of uuid, tagged field 0]"""
    cordoned_log_dirs: list[UUID] | None
    """List of log directories that are cordoned. This is null before the broker reaches the RECOVERY state. [array of uuid, nullable, tagged field 1, default null]"""


class BrokerHeartbeatResponseV0(TaggedFields, total=False, closed=True):
    """BrokerHeartbeatResponse version 0: the response body (message, API key 63)."""
    throttle_time_ms: int
    """Duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    is_caught_up: bool
    """True if the broker has approximately caught up with the latest metadata. [bool, default false]"""
    is_fenced: bool
    """True if the broker is fenced. [bool, default true]"""
    should_shut_down: bool
    """True if the broker should proceed with its shutdown. [bool]"""

BrokerHeartbeatResponseV1 = BrokerHeartbeatResponseV0
"""BrokerHeartbeatResponse version 1: the response body (message, API key 63)."""

BrokerHeartbeatResponseV2 = BrokerHeartbeatResponseV0
"""BrokerHeartbeatResponse version 2: the response body (message, API key 63)."""


class BrokerRegistrationRequestListenerV0(TaggedFields, total=False, closed=True):
    """``Listener`` of BrokerRegistrationRequest (as in version 0)."""
    name: str
    """The name of the endpoint. [string]"""
    host: str
    """The hostname. [string]"""
    port: int
    """The port. [uint16 (0 to 65535)]"""
    security_protocol: int
    """The security protocol. [int16 (-32768 to 32767)]"""


class BrokerRegistrationRequestFeatureV0(TaggedFields, total=False, closed=True):
    """``Feature`` of BrokerRegistrationRequest (as in version 0)."""
    name: str
    """The feature name. [string]"""
    min_supported_version: int
    """The minimum supported feature level. [int16 (-32768 to 32767)]"""
    max_supported_version: int
    """The maximum supported feature level. [int16 (-32768 to 32767)]"""


class BrokerRegistrationRequestV0(TaggedFields, total=False, closed=True):
    """BrokerRegistrationRequest version 0: the request body (message, API key 62)."""
    broker_id: int
    """The broker ID. [int32 (-2147483648 to 2147483647)]"""
    cluster_id: str
    """The cluster id of the broker process. [string]"""
    incarnation_id: UUID
    """The incarnation id of the broker process. [uuid]"""
    listeners: list[BrokerRegistrationRequestListenerV0]
    """The listeners of this broker. [array of Listener]"""
    features: list[BrokerRegistrationRequestFeatureV0]
    """The features on this broker. Note: in v0-v3, features with MinSupportedVersion = 0 are omitted. [array of Feature]"""
    rack: str | None
    """The rack which this broker is in. [string, nullable]"""


class BrokerRegistrationRequestV1(TaggedFields, total=False, closed=True):
    """BrokerRegistrationRequest version 1: the request body (message, API key 62)."""
    broker_id: int
    """The broker ID. [int32 (-2147483648 to 2147483647)]"""
    cluster_id: str
    """The cluster id of the broker process. [string]"""
    incarnation_id: UUID
    """The incarnation id of the broker process. [uuid]"""
    listeners: list[BrokerRegistrationRequestListenerV0]
    """The listeners of this broker. [array of Listener]"""
    features: list[BrokerRegistrationRequestFeatureV0]
    """The features on this broker. Note: in v0-v3, features with MinSupportedVersion = 0 are omitted. [array of Feature]"""
    rack: str | None
    """The rack which this broker is in. [string, nullable]"""
    is_migrating_zk_broker: bool
    """If the required configurations for ZK migration are present, this value is set to true. [bool, default false]"""


class BrokerRegistrationRequestV2(TaggedFields, total=False, closed=True):
    """BrokerRegistrationRequest version 2: the request body (message, API key 62)."""
    broker_id: int
    """The broker ID. [int32 (-2147483648 to 2147483647)]"""
    cluster_id: str
    """The cluster id of the broker process. [string]"""
    incarnation_id: UUID
    """The incarnation id of the broker process. [uuid]"""
    listeners: list[BrokerRegistrationRequestListenerV0]
    """The listeners of this broker. [array of Listener]"""
    features: list[BrokerRegistrationRequestFeatureV0]
    """The features on this broker. Note: in v0-v3, features with MinSupportedVersion = 0 are omitted. [array of Feature]"""
    rack: str | None
    """The rack which this broker is in. [string, nullable]"""
    is_migrating_zk_broker: bool
    """If the required configurations for ZK migration are present, this value is set to true. [bool, default false]"""
    log_dirs: list[UUID]
    """Log directories configured in this broker which are available. [array of uuid]"""


class BrokerRegistrationRequestV3(TaggedFields, total=False, closed=True):
    """BrokerRegistrationRequest version 3: the request body (message, API key 62)."""
    broker_id: int
    """The broker ID. [int32 (-2147483648 to 2147483647)]"""
    cluster_id: str
    """The cluster id of the broker process. [string]"""
    incarnation_id: UUID
    """The incarnation id of the broker process. [uuid]"""
    listeners: list[BrokerRegistrationRequestListenerV0]
    """The listeners of this broker. [array of Listener]"""
    features: list[BrokerRegistrationRequestFeatureV0]
    """The features on this broker. Note: in v0-v3, features with MinSupportedVersion = 0 are omitted. [array of Feature]"""
    rack: str | None
    """The rack which this broker is in. [string, nullable]"""
    is_migrating_zk_broker: bool
    """If the required configurations for ZK migration are present, this value is set to true. [bool, default false]"""
    log_dirs: list[UUID]
    """Log directories configured in this broker which are available. [array of uuid]"""
    previous_broker_epoch: int
    """The epoch before a clean shutdown. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""

BrokerRegistrationRequestV4 = BrokerRegistrationRequestV3
"""BrokerRegistrationRequest version 4: the request body (message, API key 62)."""


class BrokerRegistrationResponseV0(TaggedFields, total=False, closed=True):
    """BrokerRegistrationResponse version 0: the response body (message, API key 62)."""
    throttle_time_ms: int
    """Duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    broker_epoch: int
    """The broker's assigned epoch, or -1 if none was assigned. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""

BrokerRegistrationResponseV1 = BrokerRegistrationResponseV0
"""BrokerRegistrationResponse version 1: the response body (message, API key 62)."""

BrokerRegistrationResponseV2 = BrokerRegistrationResponseV0
"""BrokerRegistrationResponse version 2: the response body (message, API key 62)."""

BrokerRegistrationResponseV3 = BrokerRegistrationResponseV0
"""BrokerRegistrationResponse version 3: the response body (message, API key 62)."""

BrokerRegistrationResponseV4 = BrokerRegistrationResponseV0
"""BrokerRegistrationResponse version 4: the response body (message, API key 62)."""


class ConsumerGroupDescribeRequestV0(TaggedFields, total=False, closed=True):
    """ConsumerGroupDescribeRequest version 0: the request body (message, API key 69)."""
    group_ids: list[str]
    """The ids of the groups to describe. [array of string]"""
    include_authorized_operations: bool
    """Whether to include authorized operations. [bool]"""

ConsumerGroupDescribeRequestV1 = ConsumerGroupDescribeRequestV0
"""ConsumerGroupDescribeRequest version 1: the request body (message, API key 69)."""


class ConsumerGroupDescribeResponseTopicPartitionsV0(TaggedFields, total=False, closed=True):
    """``TopicPartitions`` of ConsumerGroupDescribeResponse (as in version 0)."""
    topic_id: UUID
    """The topic ID. [uuid]"""
    topic_name: str
    """The topic name. [string]"""
    partitions: list[int]
    """The partitions. [array of int32 (-2147483648 to 2147483647)]"""


class ConsumerGroupDescribeResponseAssignmentV0(TaggedFields, total=False, closed=True):
    """``Assignment`` of ConsumerGroupDescribeResponse (as in version 0)."""
    topic_partitions: list[ConsumerGroupDescribeResponseTopicPartitionsV0]
    """The assigned topic-partitions to the member. [array of TopicPartitions]"""


class ConsumerGroupDescribeResponseMemberV0(TaggedFields, total=False, closed=True):
    """``Member`` of ConsumerGroupDescribeResponse (as in version 0)."""
    member_id: str
    """The member ID. [string]"""
    instance_id: str | None
    """The member instance ID. [string, nullable, default null]"""
    rack_id: str | None
    """The member rack ID. [string, nullable, default null]"""
    member_epoch: int
    """The current member epoch. [int32 (-2147483648 to 2147483647)]"""
    client_id: str
    """The client ID. [string]"""
    client_host: str
    """The client host. [string]"""
    subscribed_topic_names: list[str]
    """The subscribed topic names. [array of string]"""
    subscribed_topic_regex: str | None
    """the subscribed topic regex otherwise or null of not provided. [string, nullable, default null]"""
    assignment: ConsumerGroupDescribeResponseAssignmentV0
    """The current assignment. [Assignment]"""
    target_assignment: ConsumerGroupDescribeResponseAssignmentV0
    """The target assignment. [Assignment]"""


class ConsumerGroupDescribeResponseDescribedGroupV0(TaggedFields, total=False, closed=True):
    """``DescribedGroup`` of ConsumerGroupDescribeResponse (as in version 0)."""
    error_code: int
    """The describe error, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The top-level error message, or null if there was no error. [string, nullable, default null]"""
    group_id: str
    """The group ID string. [string]"""
    group_state: str
    """The group state string, or the empty string. [string]"""
    group_epoch: int
    """The group epoch. [int32 (-2147483648 to 2147483647)]"""
    assignment_epoch: int
    """The assignment epoch. [int32 (-2147483648 to 2147483647)]"""
    assignor_name: str
    """The selected assignor. [string]"""
    members: list[ConsumerGroupDescribeResponseMemberV0]
    """The members. [array of Member]"""
    authorized_operations: int
    """32-bit bitfield to represent authorized operations for this group. [int32 (-2147483648 to 2147483647), default -2147483648]"""


class ConsumerGroupDescribeResponseV0(TaggedFields, total=False, closed=True):
    """ConsumerGroupDescribeResponse version 0: the response body (message, API key 69)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    groups: list[ConsumerGroupDescribeResponseDescribedGroupV0]
    """Each described group. [array of DescribedGroup]"""


class ConsumerGroupDescribeResponseMemberV1(TaggedFields, total=False, closed=True):
    """``Member`` of ConsumerGroupDescribeResponse (as in version 1)."""
    member_id: str
    """The member ID. [string]"""
    instance_id: str | None
    """The member instance ID. [string, nullable, default null]"""
    rack_id: str | None
    """The member rack ID. [string, nullable, default null]"""
    member_epoch: int
    """The current member epoch. [int32 (-2147483648 to 2147483647)]"""
    client_id: str
    """The client ID. [string]"""
    client_host: str
    """The client host. [string]"""
    subscribed_topic_names: list[str]
    """The subscribed topic names. [array of string]"""
    subscribed_topic_regex: str | None
    """the subscribed topic regex otherwise or null of not provided. [string, nullable, default null]"""
    assignment: ConsumerGroupDescribeResponseAssignmentV0
    """The current assignment. [Assignment]"""
    target_assignment: ConsumerGroupDescribeResponseAssignmentV0
    """The target assignment. [Assignment]"""
    member_type: int
    """-1 for unknown. 0 for classic member. +1 for consumer member. [int8 (-128 to 127), default -1]"""


class ConsumerGroupDescribeResponseDescribedGroupV1(TaggedFields, total=False, closed=True):
    """``DescribedGroup`` of ConsumerGroupDescribeResponse (as in version 1)."""
    error_code: int
    """The describe error, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The top-level error message, or null if there was no error. [string, nullable, default null]"""
    group_id: str
    """The group ID string. [string]"""
    group_state: str
    """The group state string, or the empty string. [string]"""
    group_epoch: int
    """The group epoch. [int32 (-2147483648 to 2147483647)]"""
    assignment_epoch: int
    """The assignment epoch. [int32 (-2147483648 to 2147483647)]"""
    assignor_name: str
    """The selected assignor. [string]"""
    members: list[ConsumerGroupDescribeResponseMemberV1]
    """The members. [array of Member]"""
    authorized_operations: int
    """32-bit bitfield to represent authorized operations for this group. [int32 (-2147483648 to 2147483647), default -2147483648]"""


class ConsumerGroupDescribeResponseV1(TaggedFields, total=False, closed=True):
    """ConsumerGroupDescribeResponse version 1: the response body (message, API key 69)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    groups: list[ConsumerGroupDescribeResponseDescribedGroupV1]
    """Each described group. [array of DescribedGroup]"""


class ConsumerGroupHeartbeatRequestTopicPartitionsV0(TaggedFields, total=False, closed=True):
    """``TopicPartitions`` of ConsumerGroupHeartbeatRequest (as in version 0)."""
    topic_id: UUID
    """The topic ID. [uuid]"""
    partitions: list[int]
    """The partitions. [array of int32 (-2147483648 to 2147483647)]"""


class ConsumerGroupHeartbeatRequestV0(TaggedFields, total=False, closed=True):
    """ConsumerGroupHeartbeatRequest version 0: the request body (message, API key 68)."""
    group_id: str
    """The group identifier. [string]"""
    member_id: str
    """The member id generated by the consumer. The member id must be kept during the entire lifetime of the consumer process. [string]"""
    member_epoch: int
    """The current member epoch; 0 to join the group; -1 to leave the group; -2 to indicate that the static member will rejoin. [int32 (-2147483648 to 2147483647)]"""
    instance_id: str | None
    """null if not provided or if it didn't change since the last heartbeat; the instance Id otherwise. [string, nullable, default null]"""
    rack_id: str | None
    """null if not provided or if it didn't change since the last heartbeat; the rack ID of consumer otherwise. [string, nullable, default null]"""
    rebalance_timeout_ms: int
    """-1 if it didn't change since the last heartbeat; the maximum time in milliseconds that the coordinator will wait on the member to revoke its partitions otherwise. [int32 (-2147483648 to 2147483647), default -1]"""
    subscribed_topic_names: list[str] | None
    """null if it didn't change since the last heartbeat; the subscribed topic names otherwise. [array of string, nullable, default null]"""
    server_assignor: str | None
    """null if not used or if it didn't change since the last heartbeat; the server side assignor to use otherwise. [string, nullable, default null]"""
    topic_partitions: list[ConsumerGroupHeartbeatRequestTopicPartitionsV0] | None
    """null if it didn't change since the last heartbeat; the partitions owned by the member. [array of TopicPartitions, nullable, default null]"""


class ConsumerGroupHeartbeatRequestV1(TaggedFields, total=False, closed=True):
    """ConsumerGroupHeartbeatRequest version 1: the request body (message, API key 68)."""
    group_id: str
    """The group identifier. [string]"""
    member_id: str
    """The member id generated by the consumer. The member id must be kept during the entire lifetime of the consumer process. [string]"""
    member_epoch: int
    """The current member epoch; 0 to join the group; -1 to leave the group; -2 to indicate that the static member will rejoin. [int32 (-2147483648 to 2147483647)]"""
    instance_id: str | None
    """null if not provided or if it didn't change since the last heartbeat; the instance Id otherwise. [string, nullable, default null]"""
    rack_id: str | None
    """null if not provided or if it didn't change since the last heartbeat; the rack ID of consumer otherwise. [string, nullable, default null]"""
    rebalance_timeout_ms: int
    """-1 if it didn't change since the last heartbeat; the maximum time in milliseconds that the coordinator will wait on the member to revoke its partitions otherwise. [int32 (-2147483648 to 2147483647), default -1]"""
    subscribed_topic_names: list[str] | None
    """null if it didn't change since the last heartbeat; the subscribed topic names otherwise. [array of string, nullable, default null]"""
    subscribed_topic_regex: str | None
    """null if it didn't change since the last heartbeat; the subscribed topic regex otherwise. [string, nullable, default null]"""
    server_assignor: str | None
    """null if not used or if it didn't change since the last heartbeat; the server side assignor to use otherwise. [string, nullable, default null]"""
    topic_partitions: list[ConsumerGroupHeartbeatRequestTopicPartitionsV0] | None
    """null if it didn't change since the last heartbeat; the partitions owned by the member. [array of TopicPartitions, nullable, default null]"""


class ConsumerGroupHeartbeatResponseTopicPartitionsV0(TaggedFields, total=False, closed=True):
    """``TopicPartitions`` of ConsumerGroupHeartbeatResponse (as in version 0)."""
    topic_id: UUID
    """The topic ID. [uuid]"""
    partitions: list[int]
    """The partitions. [array of int32 (-2147483648 to 2147483647)]"""


class ConsumerGroupHeartbeatResponseAssignmentV0(TaggedFields, total=False, closed=True):
    """``Assignment`` of ConsumerGroupHeartbeatResponse (as in version 0)."""
    topic_partitions: list[ConsumerGroupHeartbeatResponseTopicPartitionsV0]
    """The partitions assigned to the member that can be used immediately. [array of TopicPartitions]"""


class ConsumerGroupHeartbeatResponseV0(TaggedFields, total=False, closed=True):
    """ConsumerGroupHeartbeatResponse version 0: the response body (message, API key 68)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The top-level error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The top-level error message, or null if there was no error. [string, nullable, default null]"""
    member_id: str | None
    """The member id is generated by the consumer starting from version 1, while in version 0, it can be provided by users or generated by the group coordinator. [string, nullable, default null]"""
    member_epoch: int
    """The member epoch. [int32 (-2147483648 to 2147483647)]"""
    heartbeat_interval_ms: int
    """The heartbeat interval in milliseconds. [int32 (-2147483648 to 2147483647)]"""
    assignment: ConsumerGroupHeartbeatResponseAssignmentV0 | None
    """null if not provided; the assignment otherwise. [Assignment, nullable, default null]"""

ConsumerGroupHeartbeatResponseV1 = ConsumerGroupHeartbeatResponseV0
"""ConsumerGroupHeartbeatResponse version 1: the response body (message, API key 68)."""


class ConsumerProtocolAssignmentTopicPartitionV0(TypedDict, total=False, closed=True):
    """``TopicPartition`` of ConsumerProtocolAssignment (as in version 0)."""
    topic: str
    """The topic name. [string]"""
    partitions: list[int]
    """The list of partitions assigned to this consumer. [array of int32 (-2147483648 to 2147483647)]"""


class ConsumerProtocolAssignmentV0(TypedDict, total=False, closed=True):
    """ConsumerProtocolAssignment version 0: the data format (message)."""
    assigned_partitions: list[ConsumerProtocolAssignmentTopicPartitionV0]
    """The list of topics and partitions assigned to this consumer. [array of TopicPartition]"""
    user_data: bytes | None
    """User data. [bytes, nullable, default null]"""

ConsumerProtocolAssignmentV1 = ConsumerProtocolAssignmentV0
"""ConsumerProtocolAssignment version 1: the data format (message)."""

ConsumerProtocolAssignmentV2 = ConsumerProtocolAssignmentV0
"""ConsumerProtocolAssignment version 2: the data format (message)."""

ConsumerProtocolAssignmentV3 = ConsumerProtocolAssignmentV0
"""ConsumerProtocolAssignment version 3: the data format (message)."""


class ConsumerProtocolSubscriptionV0(TypedDict, total=False, closed=True):
    """ConsumerProtocolSubscription version 0: the data format (message)."""
    topics: list[str]
    """The topics that the member wants to consume. [array of string]"""
    user_data: bytes | None
    """User data that will be passed back to the consumer. [bytes, nullable, default null]"""


class ConsumerProtocolSubscriptionTopicPartitionV1(TypedDict, total=False, closed=True):
    """``TopicPartition`` of ConsumerProtocolSubscription (as in version 1)."""
    topic: str
    """The topic name. [string]"""
    partitions: list[int]
    """The partition ids. [array of int32 (-2147483648 to 2147483647)]"""


class ConsumerProtocolSubscriptionV1(TypedDict, total=False, closed=True):
    """ConsumerProtocolSubscription version 1: the data format (message)."""
    topics: list[str]
    """The topics that the member wants to consume. [array of string]"""
    user_data: bytes | None
    """User data that will be passed back to the consumer. [bytes, nullable, default null]"""
    owned_partitions: list[ConsumerProtocolSubscriptionTopicPartitionV1]
    """The partitions that the member owns. [array of TopicPartition]"""


class ConsumerProtocolSubscriptionV2(TypedDict, total=False, closed=True):
    """ConsumerProtocolSubscription version 2: the data format (message)."""
    topics: list[str]
    """The topics that the member wants to consume. [array of string]"""
    user_data: bytes | None
    """User data that will be passed back to the consumer. [bytes, nullable, default null]"""
    owned_partitions: list[ConsumerProtocolSubscriptionTopicPartitionV1]
    """The partitions that the member owns. [array of TopicPartition]"""
    generation_id: int
    """The generation id of the member. [int32 (-2147483648 to 2147483647), default -1]"""


class ConsumerProtocolSubscriptionV3(TypedDict, total=False, closed=True):
    """ConsumerProtocolSubscription version 3: the data format (message)."""
    topics: list[str]
    """The topics that the member wants to consume. [array of string]"""
    user_data: bytes | None
    """User data that will be passed back to the consumer. [bytes, nullable, default null]"""
    owned_partitions: list[ConsumerProtocolSubscriptionTopicPartitionV1]
    """The partitions that the member owns. [array of TopicPartition]"""
    generation_id: int
    """The generation id of the member. [int32 (-2147483648 to 2147483647), default -1]"""
    rack_id: str | None
    """The rack id of the member. [string, nullable, default null]"""


class ControlRecordTypeSchemaV0(TypedDict, total=False, closed=True):
    """ControlRecordTypeSchema version 0: the data format (message)."""
    type: int
    """The type of the control record, such as commit or abort [int16 (-32768 to 32767)]"""


class ControlledShutdownRequestV0(TypedDict, total=False, closed=True):
    """ControlledShutdownRequest version 0: the request body (message, API key 7)."""
    broker_id: int
    """The id of the broker for which controlled shutdown has been requested. [int32 (-2147483648 to 2147483647)]"""

ControlledShutdownRequestV1 = ControlledShutdownRequestV0
"""ControlledShutdownRequest version 1: the request body (message, API key 7)."""


class ControlledShutdownRequestV2(TypedDict, total=False, closed=True):
    """ControlledShutdownRequest version 2: the request body (message, API key 7)."""
    broker_id: int
    """The id of the broker for which controlled shutdown has been requested. [int32 (-2147483648 to 2147483647)]"""
    broker_epoch: int
    """The broker epoch. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""


class ControlledShutdownRequestV3(TaggedFields, total=False, closed=True):
    """ControlledShutdownRequest version 3: the request body (message, API key 7)."""
    broker_id: int
    """The id of the broker for which controlled shutdown has been requested. [int32 (-2147483648 to 2147483647)]"""
    broker_epoch: int
    """The broker epoch. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""


class ControlledShutdownResponseRemainingPartitionV0(TypedDict, total=False, closed=True):
    """``RemainingPartition`` of ControlledShutdownResponse (as in version 0)."""
    topic_name: str
    """The name of the topic. [string]"""
    partition_index: int
    """The index of the partition. [int32 (-2147483648 to 2147483647)]"""


class ControlledShutdownResponseV0(TypedDict, total=False, closed=True):
    """ControlledShutdownResponse version 0: the response body (message, API key 7)."""
    error_code: int
    """The top-level error code. [int16 (-32768 to 32767)]"""
    remaining_partitions: list[ControlledShutdownResponseRemainingPartitionV0]
    """The partitions that the broker still leads. [array of RemainingPartition]"""

ControlledShutdownResponseV1 = ControlledShutdownResponseV0
"""ControlledShutdownResponse version 1: the response body (message, API key 7)."""

ControlledShutdownResponseV2 = ControlledShutdownResponseV0
"""ControlledShutdownResponse version 2: the response body (message, API key 7)."""


class ControlledShutdownResponseRemainingPartitionV3(TaggedFields, total=False, closed=True):
    """``RemainingPartition`` of ControlledShutdownResponse (as in version 3)."""
    topic_name: str
    """The name of the topic. [string]"""
    partition_index: int
    """The index of the partition. [int32 (-2147483648 to 2147483647)]"""


class ControlledShutdownResponseV3(TaggedFields, total=False, closed=True):
    """ControlledShutdownResponse version 3: the response body (message, API key 7)."""
    error_code: int
    """The top-level error code. [int16 (-32768 to 32767)]"""
    remaining_partitions: list[ControlledShutdownResponseRemainingPartitionV3]
    """The partitions that the broker still leads. [array of RemainingPartition]"""


class ControllerRegistrationRequestListenerV0(TaggedFields, total=False, closed=True):
    """``Listener`` of ControllerRegistrationRequest (as in version 0)."""
    name: str
    """The name of the endpoint. [string]"""
    host: str
    """The hostname. [string]"""
    port: int
    """The port. [uint16 (0 to 65535)]"""
    security_protocol: int
    """The security protocol. [int16 (-32768 to 32767)]"""


class ControllerRegistrationRequestFeatureV0(TaggedFields, total=False, closed=True):
    """``Feature`` of ControllerRegistrationRequest (as in version 0)."""
    name: str
    """The feature name. [string]"""
    min_supported_version: int
    """The minimum supported feature level. [int16 (-32768 to 32767)]"""
    max_supported_version: int
    """The maximum supported feature level. [int16 (-32768 to 32767)]"""


class ControllerRegistrationRequestV0(TaggedFields, total=False, closed=True):
    """ControllerRegistrationRequest version 0: the request body (message, API key 70)."""
    controller_id: int
    """The ID of the controller to register. [int32 (-2147483648 to 2147483647)]"""
    incarnation_id: UUID
    """The controller incarnation ID, which is unique to each process run. [uuid]"""
    zk_migration_ready: bool
    """Set if the required configurations for ZK migration are present. [bool]"""
    listeners: list[ControllerRegistrationRequestListenerV0]
    """The listeners of this controller. [array of Listener]"""
    features: list[ControllerRegistrationRequestFeatureV0]
    """The features on this controller. [array of Feature]"""


class ControllerRegistrationResponseV0(TaggedFields, total=False, closed=True):
    """ControllerRegistrationResponse version 0: the response body (message, API key 70)."""
    throttle_time_ms: int
    """Duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The response error code. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The response error message, or null if there was no error. [string, nullable]"""


class CreateAclsRequestAclCreationV0(TypedDict, total=False, closed=True):
    """``AclCreation`` of CreateAclsRequest (as in version 0)."""
    resource_type: int
    """The type of the resource. [int8 (-128 to 127)]"""
    resource_name: str
    """The resource name for the ACL. [string]"""
    principal: str
    """The principal for the ACL. [string]"""
    host: str
    """The host for the ACL. [string]"""
    operation: int
    """The operation type for the ACL (read, write, etc.). [int8 (-128 to 127)]"""
    permission_type: int
    """The permission type for the ACL (allow, deny, etc.). [int8 (-128 to 127)]"""


class CreateAclsRequestV0(TypedDict, total=False, closed=True):
    """CreateAclsRequest version 0: the request body (message, API key 30)."""
    creations: list[CreateAclsRequestAclCreationV0]
    """The ACLs that we want to create. [array of AclCreation]"""


class CreateAclsRequestAclCreationV1(TypedDict, total=False, closed=True):
    """``AclCreation`` of CreateAclsRequest (as in version 1)."""
    resource_type: int
    """The type of the resource. [int8 (-128 to 127)]"""
    resource_name: str
    """The resource name for the ACL. [string]"""
    resource_pattern_type: int
    """The pattern type for the ACL. [int8 (-128 to 127), default 3]"""
    principal: str
    """The principal for the ACL. [string]"""
    host: str
    """The host for the ACL. [string]"""
    operation: int
    """The operation type for the ACL (read, write, etc.). [int8 (-128 to 127)]"""
    permission_type: int
    """The permission type for the ACL (allow, deny, etc.). [int8 (-128 to 127)]"""


class CreateAclsRequestV1(TypedDict, total=False, closed=True):
    """CreateAclsRequest version 1: the request body (message, API key 30)."""
    creations: list[CreateAclsRequestAclCreationV1]
    """The ACLs that we want to create. [array of AclCreation]"""


class CreateAclsRequestAclCreationV2(TaggedFields, total=False, closed=True):
    """``AclCreation`` of CreateAclsRequest (as in version 2)."""
    resource_type: int
    """The type of the resource. [int8 (-128 to 127)]"""
    resource_name: str
    """The resource name for the ACL. [string]"""
    resource_pattern_type: int
    """The pattern type for the ACL. [int8 (-128 to 127), default 3]"""
    principal: str
    """The principal for the ACL. [string]"""
    host: str
    """The host for the ACL. [string]"""
    operation: int
    """The operation type for the ACL (read, write, etc.). [int8 (-128 to 127)]"""
    permission_type: int
    """The permission type for the ACL (allow, deny, etc.). [int8 (-128 to 127)]"""


class CreateAclsRequestV2(TaggedFields, total=False, closed=True):
    """CreateAclsRequest version 2: the request body (message, API key 30)."""
    creations: list[CreateAclsRequestAclCreationV2]
    """The ACLs that we want to create. [array of AclCreation]"""

CreateAclsRequestV3 = CreateAclsRequestV2
"""CreateAclsRequest version 3: the request body (message, API key 30)."""


class CreateAclsResponseAclCreationResultV0(TypedDict, total=False, closed=True):
    """``AclCreationResult`` of CreateAclsResponse (as in version 0)."""
    error_code: int
    """The result error, or zero if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The result message, or null if there was no error. [string, nullable]"""


class CreateAclsResponseV0(TypedDict, total=False, closed=True):
    """CreateAclsResponse version 0: the response body (message, API key 30)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    results: list[CreateAclsResponseAclCreationResultV0]
    """The results for each ACL creation. [array of AclCreationResult]"""

CreateAclsResponseV1 = CreateAclsResponseV0
"""CreateAclsResponse version 1: the response body (message, API key 30)."""


class CreateAclsResponseAclCreationResultV2(TaggedFields, total=False, closed=True):
    """``AclCreationResult`` of CreateAclsResponse (as in version 2)."""
    error_code: int
    """The result error, or zero if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The result message, or null if there was no error. [string, nullable]"""


class CreateAclsResponseV2(TaggedFields, total=False, closed=True):
    """CreateAclsResponse version 2: the response body (message, API key 30)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    results: list[CreateAclsResponseAclCreationResultV2]
    """The results for each ACL creation. [array of AclCreationResult]"""

CreateAclsResponseV3 = CreateAclsResponseV2
"""CreateAclsResponse version 3: the response body (message, API key 30)."""


class CreateDelegationTokenRequestCreatableRenewersV0(TypedDict, total=False, closed=True):
    """``CreatableRenewers`` of CreateDelegationTokenRequest (as in version 0)."""
    principal_type: str
    """The type of the Kafka principal. [string]"""
    principal_name: str
    """The name of the Kafka principal. [string]"""


class CreateDelegationTokenRequestV0(TypedDict, total=False, closed=True):
    """CreateDelegationTokenRequest version 0: the request body (message, API key 38)."""
    renewers: list[CreateDelegationTokenRequestCreatableRenewersV0]
    """A list of those who are allowed to renew this token before it expires. [array of CreatableRenewers]"""
    max_lifetime_ms: int
    """The maximum lifetime of the token in milliseconds, or -1 to use the server side default. [int64 (-9223372036854775808 to 9223372036854775807)]"""

CreateDelegationTokenRequestV1 = CreateDelegationTokenRequestV0
"""CreateDelegationTokenRequest version 1: the request body (message, API key 38)."""


class CreateDelegationTokenRequestCreatableRenewersV2(TaggedFields, total=False, closed=True):
    """``CreatableRenewers`` of CreateDelegationTokenRequest (as in version 2)."""
    principal_type: str
    """The type of the Kafka principal. [string]"""
    principal_name: str
    """The name of the Kafka principal. [string]"""


class CreateDelegationTokenRequestV2(TaggedFields, total=False, closed=True):
    """CreateDelegationTokenRequest version 2: the request body (message, API key 38)."""
    renewers: list[CreateDelegationTokenRequestCreatableRenewersV2]
    """A list of those who are allowed to renew this token before it expires. [array of CreatableRenewers]"""
    max_lifetime_ms: int
    """The maximum lifetime of the token in milliseconds, or -1 to use the server side default. [int64 (-9223372036854775808 to 9223372036854775807)]"""


class CreateDelegationTokenRequestV3(TaggedFields, total=False, closed=True):
    """CreateDelegationTokenRequest version 3: the request body (message, API key 38)."""
    owner_principal_type: str | None
    """The principal type of the owner of the token. If it's null it defaults to the token request principal. [string, nullable]"""
    owner_principal_name: str | None
    """The principal name of the owner of the token. If it's null it defaults to the token request principal. [string, nullable]"""
    renewers: list[CreateDelegationTokenRequestCreatableRenewersV2]
    """A list of those who are allowed to renew this token before it expires. [array of CreatableRenewers]"""
    max_lifetime_ms: int
    """The maximum lifetime of the token in milliseconds, or -1 to use the server side default. [int64 (-9223372036854775808 to 9223372036854775807)]"""


class CreateDelegationTokenResponseV0(TypedDict, total=False, closed=True):
    """CreateDelegationTokenResponse version 0: the response body (message, API key 38)."""
    error_code: int
    """The top-level error, or zero if there was no error. [int16 (-32768 to 32767)]"""
    principal_type: str
    """The principal type of the token owner. [string]"""
    principal_name: str
    """The name of the token owner. [string]"""
    issue_timestamp_ms: int
    """When this token was generated. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    expiry_timestamp_ms: int
    """When this token expires. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    max_timestamp_ms: int
    """The maximum lifetime of this token. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    token_id: str
    """The token UUID. [string]"""
    hmac: bytes
    """HMAC of the delegation token. [bytes]"""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""

CreateDelegationTokenResponseV1 = CreateDelegationTokenResponseV0
"""CreateDelegationTokenResponse version 1: the response body (message, API key 38)."""


class CreateDelegationTokenResponseV2(TaggedFields, total=False, closed=True):
    """CreateDelegationTokenResponse version 2: the response body (message, API key 38)."""
    error_code: int
    """The top-level error, or zero if there was no error. [int16 (-32768 to 32767)]"""
    principal_type: str
    """The principal type of the token owner. [string]"""
    principal_name: str
    """The name of the token owner. [string]"""
    issue_timestamp_ms: int
    """When this token was generated. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    expiry_timestamp_ms: int
    """When this token expires. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    max_timestamp_ms: int
    """The maximum lifetime of this token. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    token_id: str
    """The token UUID. [string]"""
    hmac: bytes
    """HMAC of the delegation token. [bytes]"""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""


class CreateDelegationTokenResponseV3(TaggedFields, total=False, closed=True):
    """CreateDelegationTokenResponse version 3: the response body (message, API key 38)."""
    error_code: int
    """The top-level error, or zero if there was no error. [int16 (-32768 to 32767)]"""
    principal_type: str
    """The principal type of the token owner. [string]"""
    principal_name: str
    """The name of the token owner. [string]"""
    token_requester_principal_type: str
    """The principal type of the requester of the token. [string]"""
    token_requester_principal_name: str
    """The principal type of the requester of the token. [string]"""
    issue_timestamp_ms: int
    """When this token was generated. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    expiry_timestamp_ms: int
    """When this token expires. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    max_timestamp_ms: int
    """The maximum lifetime of this token. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    token_id: str
    """The token UUID. [string]"""
    hmac: bytes
    """HMAC of the delegation token. [bytes]"""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""


class CreatePartitionsRequestCreatePartitionsAssignmentV0(TypedDict, total=False, closed=True):
    """``CreatePartitionsAssignment`` of CreatePartitionsRequest (as in version 0)."""
    broker_ids: list[int]
    """The assigned broker IDs. [array of int32 (-2147483648 to 2147483647)]"""


class CreatePartitionsRequestCreatePartitionsTopicV0(TypedDict, total=False, closed=True):
    """``CreatePartitionsTopic`` of CreatePartitionsRequest (as in version 0)."""
    name: str
    """The topic name. [string]"""
    count: int
    """The new partition count. [int32 (-2147483648 to 2147483647)]"""
    assignments: list[CreatePartitionsRequestCreatePartitionsAssignmentV0] | None
    """The new partition assignments. [array of CreatePartitionsAssignment, nullable]"""


class CreatePartitionsRequestV0(TypedDict, total=False, closed=True):
    """CreatePartitionsRequest version 0: the request body (message, API key 37)."""
    topics: list[CreatePartitionsRequestCreatePartitionsTopicV0]
    """Each topic that we want to create new partitions inside. [array of CreatePartitionsTopic]"""
    timeout_ms: int
    """The time in ms to wait for the partitions to be created. [int32 (-2147483648 to 2147483647)]"""
    validate_only: bool
    """If true, then validate the request, but don't actually increase the number of partitions. [bool]"""

CreatePartitionsRequestV1 = CreatePartitionsRequestV0
"""CreatePartitionsRequest version 1: the request body (message, API key 37)."""


class CreatePartitionsRequestCreatePartitionsAssignmentV2(TaggedFields, total=False, closed=True):
    """``CreatePartitionsAssignment`` of CreatePartitionsRequest (as in version 2)."""
    broker_ids: list[int]
    """The assigned broker IDs. [array of int32 (-2147483648 to 2147483647)]"""


class CreatePartitionsRequestCreatePartitionsTopicV2(TaggedFields, total=False, closed=True):
    """``CreatePartitionsTopic`` of CreatePartitionsRequest (as in version 2)."""
    name: str
    """The topic name. [string]"""
    count: int
    """The new partition count. [int32 (-2147483648 to 2147483647)]"""
    assignments: list[CreatePartitionsRequestCreatePartitionsAssignmentV2] | None
    """The new partition assignments. [array of CreatePartitionsAssignment, nullable]"""


class CreatePartitionsRequestV2(TaggedFields, total=False, closed=True):
    """CreatePartitionsRequest version 2: the request body (message, API key 37)."""
    topics: list[CreatePartitionsRequestCreatePartitionsTopicV2]
    """Each topic that we want to create new partitions inside. [array of CreatePartitionsTopic]"""
    timeout_ms: int
    """The time in ms to wait for the partitions to be created. [int32 (-2147483648 to 2147483647)]"""
    validate_only: bool
    """If true, then validate the request, but don't actually increase the number of partitions. [bool]"""

CreatePartitionsRequestV3 = CreatePartitionsRequestV2
"""CreatePartitionsRequest version 3: the request body (message, API key 37)."""


class CreatePartitionsResponseCreatePartitionsTopicResultV0(TypedDict, total=False, closed=True):
    """``CreatePartitionsTopicResult`` of CreatePartitionsResponse (as in version 0)."""
    name: str
    """The topic name. [string]"""
    error_code: int
    """The result error, or zero if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The result message, or null if there was no error. [string, nullable, default null]"""


class CreatePartitionsResponseV0(TypedDict, total=False, closed=True):
    """CreatePartitionsResponse version 0: the response body (message, API key 37)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    results: list[CreatePartitionsResponseCreatePartitionsTopicResultV0]
    """The partition creation results for each topic. [array of CreatePartitionsTopicResult]"""

CreatePartitionsResponseV1 = CreatePartitionsResponseV0
"""CreatePartitionsResponse version 1: the response body (message, API key 37)."""


class CreatePartitionsResponseCreatePartitionsTopicResultV2(TaggedFields, total=False, closed=True):
    """``CreatePartitionsTopicResult`` of CreatePartitionsResponse (as in version 2)."""
    name: str
    """The topic name. [string]"""
    error_code: int
    """The result error, or zero if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The result message, or null if there was no error. [string, nullable, default null]"""


class CreatePartitionsResponseV2(TaggedFields, total=False, closed=True):
    """CreatePartitionsResponse version 2: the response body (message, API key 37)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    results: list[CreatePartitionsResponseCreatePartitionsTopicResultV2]
    """The partition creation results for each topic. [array of CreatePartitionsTopicResult]"""

CreatePartitionsResponseV3 = CreatePartitionsResponseV2
"""CreatePartitionsResponse version 3: the response body (message, API key 37)."""


class CreateTopicsRequestCreatableReplicaAssignmentV0(TypedDict, total=False, closed=True):
    """``CreatableReplicaAssignment`` of CreateTopicsRequest (as in version 0)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    broker_ids: list[int]
    """The brokers to place the partition on. [array of int32 (-2147483648 to 2147483647)]"""


class CreateTopicsRequestCreatableTopicConfigV0(TypedDict, total=False, closed=True):
    """``CreatableTopicConfig`` of CreateTopicsRequest (as in version 0)."""
    name: str
    """The configuration name. [string]"""
    value: str | None
    """The configuration value. [string, nullable]"""


class CreateTopicsRequestCreatableTopicV0(TypedDict, total=False, closed=True):
    """``CreatableTopic`` of CreateTopicsRequest (as in version 0)."""
    name: str
    """The topic name. [string]"""
    num_partitions: int
    """The number of partitions to create in the topic, or -1 if we are either specifying a manual partition assignment or using the default partitions. [int32 (-2147483648 to 2147483647)]"""
    replication_factor: int
    """The number of replicas to create for each partition in the topic, or -1 if we are either specifying a manual partition assignment or using the default replication factor. [int16 (-32768 to 32767)]"""
    assignments: list[CreateTopicsRequestCreatableReplicaAssignmentV0]
    """The manual partition assignment, or the empty array if we are using automatic assignment. [array of CreatableReplicaAssignment]"""
    configs: list[CreateTopicsRequestCreatableTopicConfigV0]
    """The custom topic configurations to set. [array of CreatableTopicConfig]"""


class CreateTopicsRequestV0(TypedDict, total=False, closed=True):
    """CreateTopicsRequest version 0: the request body (message, API key 19)."""
    topics: list[CreateTopicsRequestCreatableTopicV0]
    """The topics to create. [array of CreatableTopic]"""
    timeout_ms: int
    """How long to wait in milliseconds before timing out the request. [int32 (-2147483648 to 2147483647), default 60000]"""


class CreateTopicsRequestV1(TypedDict, total=False, closed=True):
    """CreateTopicsRequest version 1: the request body (message, API key 19)."""
    topics: list[CreateTopicsRequestCreatableTopicV0]
    """The topics to create. [array of CreatableTopic]"""
    timeout_ms: int
    """How long to wait in milliseconds before timing out the request. [int32 (-2147483648 to 2147483647), default 60000]"""
    validate_only: bool
    """If true, check that the topics can be created as specified, but don't create anything. [bool, default false]"""

CreateTopicsRequestV2 = CreateTopicsRequestV1
"""CreateTopicsRequest version 2: the request body (message, API key 19)."""

CreateTopicsRequestV3 = CreateTopicsRequestV1
"""CreateTopicsRequest version 3: the request body (message, API key 19)."""

CreateTopicsRequestV4 = CreateTopicsRequestV1
"""CreateTopicsRequest version 4: the request body (message, API key 19)."""


class CreateTopicsRequestCreatableReplicaAssignmentV5(TaggedFields, total=False, closed=True):
    """``CreatableReplicaAssignment`` of CreateTopicsRequest (as in version 5)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    broker_ids: list[int]
    """The brokers to place the partition on. [array of int32 (-2147483648 to 2147483647)]"""


class CreateTopicsRequestCreatableTopicConfigV5(TaggedFields, total=False, closed=True):
    """``CreatableTopicConfig`` of CreateTopicsRequest (as in version 5)."""
    name: str
    """The configuration name. [string]"""
    value: str | None
    """The configuration value. [string, nullable]"""


class CreateTopicsRequestCreatableTopicV5(TaggedFields, total=False, closed=True):
    """``CreatableTopic`` of CreateTopicsRequest (as in version 5)."""
    name: str
    """The topic name. [string]"""
    num_partitions: int
    """The number of partitions to create in the topic, or -1 if we are either specifying a manual partition assignment or using the default partitions. [int32 (-2147483648 to 2147483647)]"""
    replication_factor: int
    """The number of replicas to create for each partition in the topic, or -1 if we are either specifying a manual partition assignment or using the default replication factor. [int16 (-32768 to 32767)]"""
    assignments: list[CreateTopicsRequestCreatableReplicaAssignmentV5]
    """The manual partition assignment, or the empty array if we are using automatic assignment. [array of CreatableReplicaAssignment]"""
    configs: list[CreateTopicsRequestCreatableTopicConfigV5]
    """The custom topic configurations to set. [array of CreatableTopicConfig]"""


class CreateTopicsRequestV5(TaggedFields, total=False, closed=True):
    """CreateTopicsRequest version 5: the request body (message, API key 19)."""
    topics: list[CreateTopicsRequestCreatableTopicV5]
    """The topics to create. [array of CreatableTopic]"""
    timeout_ms: int
    """How long to wait in milliseconds before timing out the request. [int32 (-2147483648 to 2147483647), default 60000]"""
    validate_only: bool
    """If true, check that the topics can be created as specified, but don't create anything. [bool, default false]"""

CreateTopicsRequestV6 = CreateTopicsRequestV5
"""CreateTopicsRequest version 6: the request body (message, API key 19)."""

CreateTopicsRequestV7 = CreateTopicsRequestV5
"""CreateTopicsRequest version 7: the request body (message, API key 19)."""


class CreateTopicsResponseCreatableTopicResultV0(TypedDict, total=False, closed=True):
    """``CreatableTopicResult`` of CreateTopicsResponse (as in version 0)."""
    name: str
    """The topic name. [string]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""


class CreateTopicsResponseV0(TypedDict, total=False, closed=True):
    """CreateTopicsResponse version 0: the response body (message, API key 19)."""
    topics: list[CreateTopicsResponseCreatableTopicResultV0]
    """Results for each topic we tried to create. [array of CreatableTopicResult]"""


class CreateTopicsResponseCreatableTopicResultV1(TypedDict, total=False, closed=True):
    """``CreatableTopicResult`` of CreateTopicsResponse (as in version 1)."""
    name: str
    """The topic name. [string]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The error message, or null if there was no error. [string, nullable]"""


class CreateTopicsResponseV1(TypedDict, total=False, closed=True):
    """CreateTopicsResponse version 1: the response body (message, API key 19)."""
    topics: list[CreateTopicsResponseCreatableTopicResultV1]
    """Results for each topic we tried to create. [array of CreatableTopicResult]"""


class CreateTopicsResponseV2(TypedDict, total=False, closed=True):
    """CreateTopicsResponse version 2: the response body (message, API key 19)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    topics: list[CreateTopicsResponseCreatableTopicResultV1]
    """Results for each topic we tried to create. [array of CreatableTopicResult]"""

CreateTopicsResponseV3 = CreateTopicsResponseV2
"""CreateTopicsResponse version 3: the response body (message, API key 19)."""

CreateTopicsResponseV4 = CreateTopicsResponseV2
"""CreateTopicsResponse version 4: the response body (message, API key 19)."""


class CreateTopicsResponseCreatableTopicConfigsV5(TaggedFields, total=False, closed=True):
    """``CreatableTopicConfigs`` of CreateTopicsResponse (as in version 5)."""
    name: str
    """The configuration name. [string]"""
    value: str | None
    """The configuration value. [string, nullable]"""
    read_only: bool
    """True if the configuration is read-only. [bool]"""
    config_source: int
    """The configuration source. [int8 (-128 to 127), default -1]"""
    is_sensitive: bool
    """True if this configuration is sensitive. [bool]"""


class CreateTopicsResponseCreatableTopicResultV5(TaggedFields, total=False, closed=True):
    """``CreatableTopicResult`` of CreateTopicsResponse (as in version 5)."""
    name: str
    """The topic name. [string]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The error message, or null if there was no error. [string, nullable]"""
    topic_config_error_code: int
    """Optional topic config error returned if configs are not returned in the response. [int16 (-32768 to 32767), tagged field 0]"""
    num_partitions: int
    """Number of partitions of the topic. [int32 (-2147483648 to 2147483647), default -1]"""
    replication_factor: int
    """Replication factor of the topic. [int16 (-32768 to 32767), default -1]"""
    configs: list[CreateTopicsResponseCreatableTopicConfigsV5] | None
    """Configuration of the topic. [array of CreatableTopicConfigs, nullable]"""


class CreateTopicsResponseV5(TaggedFields, total=False, closed=True):
    """CreateTopicsResponse version 5: the response body (message, API key 19)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    topics: list[CreateTopicsResponseCreatableTopicResultV5]
    """Results for each topic we tried to create. [array of CreatableTopicResult]"""

CreateTopicsResponseV6 = CreateTopicsResponseV5
"""CreateTopicsResponse version 6: the response body (message, API key 19)."""


class CreateTopicsResponseCreatableTopicResultV7(TaggedFields, total=False, closed=True):
    """``CreatableTopicResult`` of CreateTopicsResponse (as in version 7)."""
    name: str
    """The topic name. [string]"""
    topic_id: UUID
    """The unique topic ID. [uuid]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The error message, or null if there was no error. [string, nullable]"""
    topic_config_error_code: int
    """Optional topic config error returned if configs are not returned in the response. [int16 (-32768 to 32767), tagged field 0]"""
    num_partitions: int
    """Number of partitions of the topic. [int32 (-2147483648 to 2147483647), default -1]"""
    replication_factor: int
    """Replication factor of the topic. [int16 (-32768 to 32767), default -1]"""
    configs: list[CreateTopicsResponseCreatableTopicConfigsV5] | None
    """Configuration of the topic. [array of CreatableTopicConfigs, nullable]"""


class CreateTopicsResponseV7(TaggedFields, total=False, closed=True):
    """CreateTopicsResponse version 7: the response body (message, API key 19)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    topics: list[CreateTopicsResponseCreatableTopicResultV7]
    """Results for each topic we tried to create. [array of CreatableTopicResult]"""


class DefaultPrincipalDataV0(TaggedFields, total=False, closed=True):
    """DefaultPrincipalData version 0: the data format (message)."""
    type: str
    """The principal type. [string]"""
    name: str
    """The principal name. [string]"""
    token_authenticated: bool
    """Whether the principal was authenticated by a delegation token on the forwarding broker. [bool]"""


class DeleteAclsRequestDeleteAclsFilterV0(TypedDict, total=False, closed=True):
    """``DeleteAclsFilter`` of DeleteAclsRequest (as in version 0)."""
    resource_type_filter: int
    """The resource type. [int8 (-128 to 127)]"""
    resource_name_filter: str | None
    """The resource name, or null to match any resource name. [string, nullable]"""
    principal_filter: str | None
    """The principal filter, or null to accept all principals. [string, nullable]"""
    host_filter: str | None
    """The host filter, or null to accept all hosts. [string, nullable]"""
    operation: int
    """The ACL operation. [int8 (-128 to 127)]"""
    permission_type: int
    """The permission type. [int8 (-128 to 127)]"""


class DeleteAclsRequestV0(TypedDict, total=False, closed=True):
    """DeleteAclsRequest version 0: the request body (message, API key 31)."""
    filters: list[DeleteAclsRequestDeleteAclsFilterV0]
    """The filters to use when deleting ACLs. [array of DeleteAclsFilter]"""


class DeleteAclsRequestDeleteAclsFilterV1(TypedDict, total=False, closed=True):
    """``DeleteAclsFilter`` of DeleteAclsRequest (as in version 1)."""
    resource_type_filter: int
    """The resource type. [int8 (-128 to 127)]"""
    resource_name_filter: str | None
    """The resource name, or null to match any resource name. [string, nullable]"""
    pattern_type_filter: int
    """The pattern type. [int8 (-128 to 127), default 3]"""
    principal_filter: str | None
    """The principal filter, or null to accept all principals. [string, nullable]"""
    host_filter: str | None
    """The host filter, or null to accept all hosts. [string, nullable]"""
    operation: int
    """The ACL operation. [int8 (-128 to 127)]"""
    permission_type: int
    """The permission type. [int8 (-128 to 127)]"""


class DeleteAclsRequestV1(TypedDict, total=False, closed=True):
    """DeleteAclsRequest version 1: the request body (message, API key 31)."""
    filters: list[DeleteAclsRequestDeleteAclsFilterV1]
    """The filters to use when deleting ACLs. [array of DeleteAclsFilter]"""


class DeleteAclsRequestDeleteAclsFilterV2(TaggedFields, total=False, closed=True):
    """``DeleteAclsFilter`` of DeleteAclsRequest (as in version 2)."""
    resource_type_filter: int
    """The resource type. [int8 (-128 to 127)]"""
    resource_name_filter: str | None
    """The resource name, or null to match any resource name. [string, nullable]"""
    pattern_type_filter: int
    """The pattern type. [int8 (-128 to 127), default 3]"""
    principal_filter: str | None
    """The principal filter, or null to accept all principals. [string, nullable]"""
    host_filter: str | None
    """The host filter, or null to accept all hosts. [string, nullable]"""
    operation: int
    """The ACL operation. [int8 (-128 to 127)]"""
    permission_type: int
    """The permission type. [int8 (-128 to 127)]"""


class DeleteAclsRequestV2(TaggedFields, total=False, closed=True):
    """DeleteAclsRequest version 2: the request body (message, API key 31)."""
    filters: list[DeleteAclsRequestDeleteAclsFilterV2]
    """The filters to use when deleting ACLs. [array of DeleteAclsFilter]"""

DeleteAclsRequestV3 = DeleteAclsRequestV2
"""DeleteAclsRequest version 3: the request body (message, API key 31)."""


class DeleteAclsResponseDeleteAclsMatchingAclV0(TypedDict, total=False, closed=True):
    """``DeleteAclsMatchingAcl`` of DeleteAclsResponse (as in version 0)."""
    error_code: int
    """The deletion error code, or 0 if the deletion succeeded. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The deletion error message, or null if the deletion succeeded. [string, nullable]"""
    resource_type: int
    """The ACL resource type. [int8 (-128 to 127)]"""
    resource_name: str
    """The ACL resource name. [string]"""
    principal: str
    """The ACL principal. [string]"""
    host: str
    """The ACL host. [string]"""
    operation: int
    """The ACL operation. [int8 (-128 to 127)]"""
    permission_type: int
    """The ACL permission type. [int8 (-128 to 127)]"""


class DeleteAclsResponseDeleteAclsFilterResultV0(TypedDict, total=False, closed=True):
    """``DeleteAclsFilterResult`` of DeleteAclsResponse (as in version 0)."""
    error_code: int
    """The error code, or 0 if the filter succeeded. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The error message, or null if the filter succeeded. [string, nullable]"""
    matching_acls: list[DeleteAclsResponseDeleteAclsMatchingAclV0]
    """The ACLs which matched this filter. [array of DeleteAclsMatchingAcl]"""


class DeleteAclsResponseV0(TypedDict, total=False, closed=True):
    """DeleteAclsResponse version 0: the response body (message, API key 31)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    filter_results: list[DeleteAclsResponseDeleteAclsFilterResultV0]
    """The results for each filter. [array of DeleteAclsFilterResult]"""


class DeleteAclsResponseDeleteAclsMatchingAclV1(TypedDict, total=False, closed=True):
    """``DeleteAclsMatchingAcl`` of DeleteAclsResponse (as in version 1)."""
    error_code: int
    """The deletion error code, or 0 if the deletion succeeded. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The deletion error message, or null if the deletion succeeded. [string, nullable]"""
    resource_type: int
    """The ACL resource type. [int8 (-128 to 127)]"""
    resource_name: str
    """The ACL resource name. [string]"""
    pattern_type: int
    """The ACL resource pattern type. [int8 (-128 to 127), default 3]"""
    principal: str
    """The ACL principal. [string]"""
    host: str
    """The ACL host. [string]"""
    operation: int
    """The ACL operation. [int8 (-128 to 127)]"""
    permission_type: int
    """The ACL permission type. [int8 (-128 to 127)]"""


class DeleteAclsResponseDeleteAclsFilterResultV1(TypedDict, total=False, closed=True):
    """``DeleteAclsFilterResult`` of DeleteAclsResponse (as in version 1)."""
    error_code: int
    """The error code, or 0 if the filter succeeded. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The error message, or null if the filter succeeded. [string, nullable]"""
    matching_acls: list[DeleteAclsResponseDeleteAclsMatchingAclV1]
    """The ACLs which matched this filter. [array of DeleteAclsMatchingAcl]"""


class DeleteAclsResponseV1(TypedDict, total=False, closed=True):
    """DeleteAclsResponse version 1: the response body (message, API key 31)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    filter_results: list[DeleteAclsResponseDeleteAclsFilterResultV1]
    """The results for each filter. [array of DeleteAclsFilterResult]"""


class DeleteAclsResponseDeleteAclsMatchingAclV2(TaggedFields, total=False, closed=True):
    """``DeleteAclsMatchingAcl`` of DeleteAclsResponse (as in version 2)."""
    error_code: int
    """The deletion error code, or 0 if the deletion succeeded. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The deletion error message, or null if the deletion succeeded. [string, nullable]"""
    resource_type: int
    """The ACL resource type. [int8 (-128 to 127)]"""
    resource_name: str
    """The ACL resource name. [string]"""
    pattern_type: int
    """The ACL resource pattern type. [int8 (-128 to 127), default 3]"""
    principal: str
    """The ACL principal. [string]"""
    host: str
    """The ACL host. [string]"""
    operation: int
    """The ACL operation. [int8 (-128 to 127)]"""
    permission_type: int
    """The ACL permission type. [int8 (-128 to 127)]"""


class DeleteAclsResponseDeleteAclsFilterResultV2(TaggedFields, total=False, closed=True):
    """``DeleteAclsFilterResult`` of DeleteAclsResponse (as in version 2)."""
    error_code: int
    """The error code, or 0 if the filter succeeded. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The error message, or null if the filter succeeded. [string, nullable]"""
    matching_acls: list[DeleteAclsResponseDeleteAclsMatchingAclV2]
    """The ACLs which matched this filter. [array of DeleteAclsMatchingAcl]"""


class DeleteAclsResponseV2(TaggedFields, total=False, closed=True):
    """DeleteAclsResponse version 2: the response body (message, API key 31)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    filter_results: list[DeleteAclsResponseDeleteAclsFilterResultV2]
    """The results for each filter. [array of DeleteAclsFilterResult]"""

DeleteAclsResponseV3 = DeleteAclsResponseV2
"""DeleteAclsResponse version 3: the response body (message, API key 31)."""


class DeleteGroupsRequestV0(TypedDict, total=False, closed=True):
    """DeleteGroupsRequest version 0: the request body (message, API key 42)."""
    groups_names: list[str]
    """The group names to delete. [array of string]"""

DeleteGroupsRequestV1 = DeleteGroupsRequestV0
"""DeleteGroupsRequest version 1: the request body (message, API key 42)."""


class DeleteGroupsRequestV2(TaggedFields, total=False, closed=True):
    """DeleteGroupsRequest version 2: the request body (message, API key 42)."""
    groups_names: list[str]
    """The group names to delete. [array of string]"""

DeleteGroupsRequestV3 = DeleteGroupsRequestV2
"""DeleteGroupsRequest version 3: the request body (message, API key 42)."""


class DeleteGroupsResponseDeletableGroupResultV0(TypedDict, total=False, closed=True):
    """``DeletableGroupResult`` of DeleteGroupsResponse (as in version 0)."""
    group_id: str
    """The group id. [string]"""
    error_code: int
    """The deletion error, or 0 if the deletion succeeded. [int16 (-32768 to 32767)]"""


class DeleteGroupsResponseV0(TypedDict, total=False, closed=True):
    """DeleteGroupsResponse version 0: the response body (message, API key 42)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    results: list[DeleteGroupsResponseDeletableGroupResultV0]
    """The deletion results. [array of DeletableGroupResult]"""

DeleteGroupsResponseV1 = DeleteGroupsResponseV0
"""DeleteGroupsResponse version 1: the response body (message, API key 42)."""


class DeleteGroupsResponseDeletableGroupResultV2(TaggedFields, total=False, closed=True):
    """``DeletableGroupResult`` of DeleteGroupsResponse (as in version 2)."""
    group_id: str
    """The group id. [string]"""
    error_code: int
    """The deletion error, or 0 if the deletion succeeded. [int16 (-32768 to 32767)]"""


class DeleteGroupsResponseV2(TaggedFields, total=False, closed=True):
    """DeleteGroupsResponse version 2: the response body (message, API key 42)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    results: list[DeleteGroupsResponseDeletableGroupResultV2]
    """The deletion results. [array of DeletableGroupResult]"""


class DeleteGroupsResponseDeletableGroupResultV3(TaggedFields, total=False, closed=True):
    """``DeletableGroupResult`` of DeleteGroupsResponse (as in version 3)."""
    group_id: str
    """The group id. [string]"""
    error_code: int
    """The deletion error, or 0 if the deletion succeeded. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The error message, or null if there was no error. [string, nullable, default null]"""


class DeleteGroupsResponseV3(TaggedFields, total=False, closed=True):
    """DeleteGroupsResponse version 3: the response body (message, API key 42)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    results: list[DeleteGroupsResponseDeletableGroupResultV3]
    """The deletion results. [array of DeletableGroupResult]"""


class DeleteRecordsRequestDeleteRecordsPartitionV0(TypedDict, total=False, closed=True):
    """``DeleteRecordsPartition`` of DeleteRecordsRequest (as in version 0)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    offset: int
    """The deletion offset. -1 means that records should be truncated to the high watermark. [int64 (-9223372036854775808 to 9223372036854775807)]"""


class DeleteRecordsRequestDeleteRecordsTopicV0(TypedDict, total=False, closed=True):
    """``DeleteRecordsTopic`` of DeleteRecordsRequest (as in version 0)."""
    name: str
    """The topic name. [string]"""
    partitions: list[DeleteRecordsRequestDeleteRecordsPartitionV0]
    """Each partition that we want to delete records from. [array of DeleteRecordsPartition]"""


class DeleteRecordsRequestV0(TypedDict, total=False, closed=True):
    """DeleteRecordsRequest version 0: the request body (message, API key 21)."""
    topics: list[DeleteRecordsRequestDeleteRecordsTopicV0]
    """Each topic that we want to delete records from. [array of DeleteRecordsTopic]"""
    timeout_ms: int
    """How long to wait for the deletion to complete, in milliseconds. [int32 (-2147483648 to 2147483647)]"""

DeleteRecordsRequestV1 = DeleteRecordsRequestV0
"""DeleteRecordsRequest version 1: the request body (message, API key 21)."""


class DeleteRecordsRequestDeleteRecordsPartitionV2(TaggedFields, total=False, closed=True):
    """``DeleteRecordsPartition`` of DeleteRecordsRequest (as in version 2)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    offset: int
    """The deletion offset. -1 means that records should be truncated to the high watermark. [int64 (-9223372036854775808 to 9223372036854775807)]"""


class DeleteRecordsRequestDeleteRecordsTopicV2(TaggedFields, total=False, closed=True):
    """``DeleteRecordsTopic`` of DeleteRecordsRequest (as in version 2)."""
    name: str
    """The topic name. [string]"""
    partitions: list[DeleteRecordsRequestDeleteRecordsPartitionV2]
    """Each partition that we want to delete records from. [array of DeleteRecordsPartition]"""


class DeleteRecordsRequestV2(TaggedFields, total=False, closed=True):
    """DeleteRecordsRequest version 2: the request body (message, API key 21)."""
    topics: list[DeleteRecordsRequestDeleteRecordsTopicV2]
    """Each topic that we want to delete records from. [array of DeleteRecordsTopic]"""
    timeout_ms: int
    """How long to wait for the deletion to complete, in milliseconds. [int32 (-2147483648 to 2147483647)]"""


class DeleteRecordsResponseDeleteRecordsPartitionResultV0(TypedDict, total=False, closed=True):
    """``DeleteRecordsPartitionResult`` of DeleteRecordsResponse (as in version 0)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    low_watermark: int
    """The partition low water mark. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    error_code: int
    """The deletion error code, or 0 if the deletion succeeded. [int16 (-32768 to 32767)]"""


class DeleteRecordsResponseDeleteRecordsTopicResultV0(TypedDict, total=False, closed=True):
    """``DeleteRecordsTopicResult`` of DeleteRecordsResponse (as in version 0)."""
    name: str
    """The topic name. [string]"""
    partitions: list[DeleteRecordsResponseDeleteRecordsPartitionResultV0]
    """Each partition that we wanted to delete records from. [array of DeleteRecordsPartitionResult]"""


class DeleteRecordsResponseV0(TypedDict, total=False, closed=True):
    """DeleteRecordsResponse version 0: the response body (message, API key 21)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    topics: list[DeleteRecordsResponseDeleteRecordsTopicResultV0]
    """Each topic that we wanted to delete records from. [array of DeleteRecordsTopicResult]"""

DeleteRecordsResponseV1 = DeleteRecordsResponseV0
"""DeleteRecordsResponse version 1: the response body (message, API key 21)."""


class DeleteRecordsResponseDeleteRecordsPartitionResultV2(TaggedFields, total=False, closed=True):
    """``DeleteRecordsPartitionResult`` of DeleteRecordsResponse (as in version 2)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    low_watermark: int
    """The partition low water mark. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    error_code: int
    """The deletion error code, or 0 if the deletion succeeded. [int16 (-32768 to 32767)]"""


class DeleteRecordsResponseDeleteRecordsTopicResultV2(TaggedFields, total=False, closed=True):
    """``DeleteRecordsTopicResult`` of DeleteRecordsResponse (as in version 2)."""
    name: str
    """The topic name. [string]"""
    partitions: list[DeleteRecordsResponseDeleteRecordsPartitionResultV2]
    """Each partition that we wanted to delete records from. [array of DeleteRecordsPartitionResult]"""


class DeleteRecordsResponseV2(TaggedFields, total=False, closed=True):
    """DeleteRecordsResponse version 2: the response body (message, API key 21)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    topics: list[DeleteRecordsResponseDeleteRecordsTopicResultV2]
    """Each topic that we wanted to delete records from. [array of DeleteRecordsTopicResult]"""


class DeleteShareGroupOffsetsRequestTopicV0(TaggedFields, total=False, closed=True):
    """``DeleteShareGroupOffsetsRequestTopic`` of DeleteShareGroupOffsetsRequest (as in version 0)."""
    topic_name: str
    """The topic name. [string]"""


class DeleteShareGroupOffsetsRequestV0(TaggedFields, total=False, closed=True):
    """DeleteShareGroupOffsetsRequest version 0: the request body (message, API key 92)."""
    group_id: str
    """The group identifier. [string]"""
    topics: list[DeleteShareGroupOffsetsRequestTopicV0]
    """The topics to delete offsets for. [array of DeleteShareGroupOffsetsRequestTopic]"""


class DeleteShareGroupOffsetsResponseTopicV0(TaggedFields, total=False, closed=True):
    """``DeleteShareGroupOffsetsResponseTopic`` of DeleteShareGroupOffsetsResponse (as in version 0)."""
    topic_name: str
    """The topic name. [string]"""
    topic_id: UUID
    """The unique topic ID. [uuid]"""
    error_code: int
    """The topic-level error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The topic-level error message, or null if there was no error. [string, nullable, default null]"""


class DeleteShareGroupOffsetsResponseV0(TaggedFields, total=False, closed=True):
    """DeleteShareGroupOffsetsResponse version 0: the response body (message, API key 92)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The top-level error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The top-level error message, or null if there was no error. [string, nullable, default null]"""
    responses: list[DeleteShareGroupOffsetsResponseTopicV0]
    """The results for each topic. [array of DeleteShareGroupOffsetsResponseTopic]"""


class DeleteShareGroupStateRequestPartitionDataV0(TaggedFields, total=False, closed=True):
    """``PartitionData`` of DeleteShareGroupStateRequest (as in version 0)."""
    partition: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""


class DeleteShareGroupStateRequestDeleteStateDataV0(TaggedFields, total=False, closed=True):
    """``DeleteStateData`` of DeleteShareGroupStateRequest (as in version 0)."""
    topic_id: UUID
    """The topic identifier. [uuid]"""
    partitions: list[DeleteShareGroupStateRequestPartitionDataV0]
    """The data for the partitions. [array of PartitionData]"""


class DeleteShareGroupStateRequestV0(TaggedFields, total=False, closed=True):
    """DeleteShareGroupStateRequest version 0: the request body (message, API key 86)."""
    group_id: str
    """The group identifier. [string]"""
    topics: list[DeleteShareGroupStateRequestDeleteStateDataV0]
    """The data for the topics. [array of DeleteStateData]"""


class DeleteShareGroupStateResponsePartitionResultV0(TaggedFields, total=False, closed=True):
    """``PartitionResult`` of DeleteShareGroupStateResponse (as in version 0)."""
    partition: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The error message, or null if there was no error. [string, nullable, default null]"""


class DeleteShareGroupStateResponseDeleteStateResultV0(TaggedFields, total=False, closed=True):
    """``DeleteStateResult`` of DeleteShareGroupStateResponse (as in version 0)."""
    topic_id: UUID
    """The topic identifier. [uuid]"""
    partitions: list[DeleteShareGroupStateResponsePartitionResultV0]
    """The results for the partitions. [array of PartitionResult]"""


class DeleteShareGroupStateResponseV0(TaggedFields, total=False, closed=True):
    """DeleteShareGroupStateResponse version 0: the response body (message, API key 86)."""
    results: list[DeleteShareGroupStateResponseDeleteStateResultV0]
    """The delete results. [array of DeleteStateResult]"""


class DeleteTopicsRequestV0(TypedDict, total=False, closed=True):
    """DeleteTopicsRequest version 0: the request body (message, API key 20)."""
    topic_names: list[str]
    """The names of the topics to delete. [array of string]"""
    timeout_ms: int
    """The length of time in milliseconds to wait for the deletions to complete. [int32 (-2147483648 to 2147483647)]"""

DeleteTopicsRequestV1 = DeleteTopicsRequestV0
"""DeleteTopicsRequest version 1: the request body (message, API key 20)."""

DeleteTopicsRequestV2 = DeleteTopicsRequestV0
"""DeleteTopicsRequest version 2: the request body (message, API key 20)."""

DeleteTopicsRequestV3 = DeleteTopicsRequestV0
"""DeleteTopicsRequest version 3: the request body (message, API key 20)."""


class DeleteTopicsRequestV4(TaggedFields, total=False, closed=True):
    """DeleteTopicsRequest version 4: the request body (message, API key 20)."""
    topic_names: list[str]
    """The names of the topics to delete. [array of string]"""
    timeout_ms: int
    """The length of time in milliseconds to wait for the deletions to complete. [int32 (-2147483648 to 2147483647)]"""

DeleteTopicsRequestV5 = DeleteTopicsRequestV4
"""DeleteTopicsRequest version 5: the request body (message, API key 20)."""


class DeleteTopicsRequestDeleteTopicStateV6(TaggedFields, total=False, closed=True):
    """``DeleteTopicState`` of DeleteTopicsRequest (as in version 6)."""
    name: str | None
    """The topic name. [string, nullable, default null]"""
    topic_id: UUID
    """The unique topic ID. [uuid]"""


class DeleteTopicsRequestV6(TaggedFields, total=False, closed=True):
    """DeleteTopicsRequest version 6: the request body (message, API key 20)."""
    topics: list[DeleteTopicsRequestDeleteTopicStateV6]
    """The name or topic ID of the topic. [array of DeleteTopicState]"""
    timeout_ms: int
    """The length of time in milliseconds to wait for the deletions to complete. [int32 (-2147483648 to 2147483647)]"""


class DeleteTopicsResponseDeletableTopicResultV0(TypedDict, total=False, closed=True):
    """``DeletableTopicResult`` of DeleteTopicsResponse (as in version 0)."""
    name: str
    """The topic name. [string]"""
    error_code: int
    """The deletion error, or 0 if the deletion succeeded. [int16 (-32768 to 32767)]"""


class DeleteTopicsResponseV0(TypedDict, total=False, closed=True):
    """DeleteTopicsResponse version 0: the response body (message, API key 20)."""
    responses: list[DeleteTopicsResponseDeletableTopicResultV0]
    """The results for each topic we tried to delete. [array of DeletableTopicResult]"""


class DeleteTopicsResponseV1(TypedDict, total=False, closed=True):
    """DeleteTopicsResponse version 1: the response body (message, API key 20)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    responses: list[DeleteTopicsResponseDeletableTopicResultV0]
    """The results for each topic we tried to delete. [array of DeletableTopicResult]"""

DeleteTopicsResponseV2 = DeleteTopicsResponseV1
"""DeleteTopicsResponse version 2: the response body (message, API key 20)."""

DeleteTopicsResponseV3 = DeleteTopicsResponseV1
"""DeleteTopicsResponse version 3: the response body (message, API key 20)."""


class DeleteTopicsResponseDeletableTopicResultV4(TaggedFields, total=False, closed=True):
    """``DeletableTopicResult`` of DeleteTopicsResponse (as in version 4)."""
    name: str
    """The topic name. [string]"""
    error_code: int
    """The deletion error, or 0 if the deletion succeeded. [int16 (-32768 to 32767)]"""


class DeleteTopicsResponseV4(TaggedFields, total=False, closed=True):
    """DeleteTopicsResponse version 4: the response body (message, API key 20)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    responses: list[DeleteTopicsResponseDeletableTopicResultV4]
    """The results for each topic we tried to delete. [array of DeletableTopicResult]"""


class DeleteTopicsResponseDeletableTopicResultV5(TaggedFields, total=False, closed=True):
    """``DeletableTopicResult`` of DeleteTopicsResponse (as in version 5)."""
    name: str
    """The topic name. [string]"""
    error_code: int
    """The deletion error, or 0 if the deletion succeeded. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The error message, or null if there was no error. [string, nullable, default null]"""


class DeleteTopicsResponseV5(TaggedFields, total=False, closed=True):
    """DeleteTopicsResponse version 5: the response body (message, API key 20)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    responses: list[DeleteTopicsResponseDeletableTopicResultV5]
    """The results for each topic we tried to delete. [array of DeletableTopicResult]"""


class DeleteTopicsResponseDeletableTopicResultV6(TaggedFields, total=False, closed=True):
    """``DeletableTopicResult`` of DeleteTopicsResponse (as in version 6)."""
    name: str | None
    """The topic name. [string, nullable]"""
    topic_id: UUID
    """The unique topic ID. [uuid]"""
    error_code: int
    """The deletion error, or 0 if the deletion succeeded. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The error message, or null if there was no error. [string, nullable, default null]"""


class DeleteTopicsResponseV6(TaggedFields, total=False, closed=True):
    """DeleteTopicsResponse version 6: the response body (message, API key 20)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    responses: list[DeleteTopicsResponseDeletableTopicResultV6]
    """The results for each topic we tried to delete. [array of DeletableTopicResult]"""


class DescribeAclsRequestV0(TypedDict, total=False, closed=True):
    """DescribeAclsRequest version 0: the request body (message, API key 29)."""
    resource_type_filter: int
    """The resource type. [int8 (-128 to 127)]"""
    resource_name_filter: str | None
    """The resource name, or null to match any resource name. [string, nullable]"""
    principal_filter: str | None
    """The principal to match, or null to match any principal. [string, nullable]"""
    host_filter: str | None
    """The host to match, or null to match any host. [string, nullable]"""
    operation: int
    """The operation to match. [int8 (-128 to 127)]"""
    permission_type: int
    """The permission type to match. [int8 (-128 to 127)]"""


class DescribeAclsRequestV1(TypedDict, total=False, closed=True):
    """DescribeAclsRequest version 1: the request body (message, API key 29)."""
    resource_type_filter: int
    """The resource type. [int8 (-128 to 127)]"""
    resource_name_filter: str | None
    """The resource name, or null to match any resource name. [string, nullable]"""
    pattern_type_filter: int
    """The resource pattern to match. [int8 (-128 to 127), default 3]"""
    principal_filter: str | None
    """The principal to match, or null to match any principal. [string, nullable]"""
    host_filter: str | None
    """The host to match, or null to match any host. [string, nullable]"""
    operation: int
    """The operation to match. [int8 (-128 to 127)]"""
    permission_type: int
    """The permission type to match. [int8 (-128 to 127)]"""


class DescribeAclsRequestV2(TaggedFields, total=False, closed=True):
    """DescribeAclsRequest version 2: the request body (message, API key 29)."""
    resource_type_filter: int
    """The resource type. [int8 (-128 to 127)]"""
    resource_name_filter: str | None
    """The resource name, or null to match any resource name. [string, nullable]"""
    pattern_type_filter: int
    """The resource pattern to match. [int8 (-128 to 127), default 3]"""
    principal_filter: str | None
    """The principal to match, or null to match any principal. [string, nullable]"""
    host_filter: str | None
    """The host to match, or null to match any host. [string, nullable]"""
    operation: int
    """The operation to match. [int8 (-128 to 127)]"""
    permission_type: int
    """The permission type to match. [int8 (-128 to 127)]"""

DescribeAclsRequestV3 = DescribeAclsRequestV2
"""DescribeAclsRequest version 3: the request body (message, API key 29)."""


class DescribeAclsResponseAclDescriptionV0(TypedDict, total=False, closed=True):
    """``AclDescription`` of DescribeAclsResponse (as in version 0)."""
    principal: str
    """The ACL principal. [string]"""
    host: str
    """The ACL host. [string]"""
    operation: int
    """The ACL operation. [int8 (-128 to 127)]"""
    permission_type: int
    """The ACL permission type. [int8 (-128 to 127)]"""


class DescribeAclsResponseDescribeAclsResourceV0(TypedDict, total=False, closed=True):
    """``DescribeAclsResource`` of DescribeAclsResponse (as in version 0)."""
    resource_type: int
    """The resource type. [int8 (-128 to 127)]"""
    resource_name: str
    """The resource name. [string]"""
    acls: list[DescribeAclsResponseAclDescriptionV0]
    """The ACLs. [array of AclDescription]"""


class DescribeAclsResponseV0(TypedDict, total=False, closed=True):
    """DescribeAclsResponse version 0: the response body (message, API key 29)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The error message, or null if there was no error. [string, nullable]"""
    resources: list[DescribeAclsResponseDescribeAclsResourceV0]
    """Each Resource that is referenced in an ACL. [array of DescribeAclsResource]"""


class DescribeAclsResponseDescribeAclsResourceV1(TypedDict, total=False, closed=True):
    """``DescribeAclsResource`` of DescribeAclsResponse (as in version 1)."""
    resource_type: int
    """The resource type. [int8 (-128 to 127)]"""
    resource_name: str
    """The resource name. [string]"""
    pattern_type: int
    """The resource pattern type. [int8 (-128 to 127), default 3]"""
    acls: list[DescribeAclsResponseAclDescriptionV0]
    """The ACLs. [array of AclDescription]"""


class DescribeAclsResponseV1(TypedDict, total=False, closed=True):
    """DescribeAclsResponse version 1: the response body (message, API key 29)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The error message, or null if there was no error. [string, nullable]"""
    resources: list[DescribeAclsResponseDescribeAclsResourceV1]
    """Each Resource that is referenced in an ACL. [array of DescribeAclsResource]"""


class DescribeAclsResponseAclDescriptionV2(TaggedFields, total=False, closed=True):
    """``AclDescription`` of DescribeAclsResponse (as in version 2)."""
    principal: str
    """The ACL principal. [string]"""
    host: str
    """The ACL host. [string]"""
    operation: int
    """The ACL operation. [int8 (-128 to 127)]"""
    permission_type: int
    """The ACL permission type. [int8 (-128 to 127)]"""


class DescribeAclsResponseDescribeAclsResourceV2(TaggedFields, total=False, closed=True):
    """``DescribeAclsResource`` of DescribeAclsResponse (as in version 2)."""
    resource_type: int
    """The resource type. [int8 (-128 to 127)]"""
    resource_name: str
    """The resource name. [string]"""
    pattern_type: int
    """The resource pattern type. [int8 (-128 to 127), default 3]"""
    acls: list[DescribeAclsResponseAclDescriptionV2]
    """The ACLs. [array of AclDescription]"""


class DescribeAclsResponseV2(TaggedFields, total=False, closed=True):
    """DescribeAclsResponse version 2: the response body (message, API key 29)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The error message, or null if there was no error. [string, nullable]"""
    resources: list[DescribeAclsResponseDescribeAclsResourceV2]
    """Each Resource that is referenced in an ACL. [array of DescribeAclsResource]"""

DescribeAclsResponseV3 = DescribeAclsResponseV2
"""DescribeAclsResponse version 3: the response body (message, API key 29)."""


class DescribeClientQuotasRequestComponentDataV0(TypedDict, total=False, closed=True):
    """``ComponentData`` of DescribeClientQuotasRequest (as in version 0)."""
    entity_type: str
    """The entity type that the filter component applies to. [string]"""
    match_type: int
    """How to match the entity {0 = exact name, 1 = default name, 2 = any specified name}. [int8 (-128 to 127)]"""
    match: str | None
    """The string to match against, or null if unused for the match type. [string, nullable]"""


class DescribeClientQuotasRequestV0(TypedDict, total=False, closed=True):
    """DescribeClientQuotasRequest version 0: the request body (message, API key 48)."""
    components: list[DescribeClientQuotasRequestComponentDataV0]
    """Filter components to apply to quota entities. [array of ComponentData]"""
    strict: bool
    """Whether the match is strict, i.e. should exclude entities with unspecified entity types. [bool]"""


class DescribeClientQuotasRequestComponentDataV1(TaggedFields, total=False, closed=True):
    """``ComponentData`` of DescribeClientQuotasRequest (as in version 1)."""
    entity_type: str
    """The entity type that the filter component applies to. [string]"""
    match_type: int
    """How to match the entity {0 = exact name, 1 = default name, 2 = any specified name}. [int8 (-128 to 127)]"""
    match: str | None
    """The string to match against, or null if unused for the match type. [string, nullable]"""


class DescribeClientQuotasRequestV1(TaggedFields, total=False, closed=True):
    """DescribeClientQuotasRequest version 1: the request body (message, API key 48)."""
    components: list[DescribeClientQuotasRequestComponentDataV1]
    """Filter components to apply to quota entities. [array of ComponentData]"""
    strict: bool
    """Whether the match is strict, i.e. should exclude entities with unspecified entity types. [bool]"""


class DescribeClientQuotasResponseEntityDataV0(TypedDict, total=False, closed=True):
    """``EntityData`` of DescribeClientQuotasResponse (as in version 0)."""
    entity_type: str
    """The entity type. [string]"""
    entity_name: str | None
    """The entity name, or null if the default. [string, nullable]"""


class DescribeClientQuotasResponseValueDataV0(TypedDict, total=False, closed=True):
    """``ValueData`` of DescribeClientQuotasResponse (as in version 0)."""
    key: str
    """The quota configuration key. [string]"""
    value: float
    """The quota configuration value. [float64]"""


class DescribeClientQuotasResponseEntryDataV0(TypedDict, total=False, closed=True):
    """``EntryData`` of DescribeClientQuotasResponse (as in version 0)."""
    entity: list[DescribeClientQuotasResponseEntityDataV0]
    """The quota entity description. [array of EntityData]"""
    values: list[DescribeClientQuotasResponseValueDataV0]
    """The quota values for the entity. [array of ValueData]"""


class DescribeClientQuotasResponseV0(TypedDict, total=False, closed=True):
    """DescribeClientQuotasResponse version 0: the response body (message, API key 48)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or `0` if the quota description succeeded. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The error message, or `null` if the quota description succeeded. [string, nullable]"""
    entries: list[DescribeClientQuotasResponseEntryDataV0] | None
    """A result entry. [array of EntryData, nullable]"""


class DescribeClientQuotasResponseEntityDataV1(TaggedFields, total=False, closed=True):
    """``EntityData`` of DescribeClientQuotasResponse (as in version 1)."""
    entity_type: str
    """The entity type. [string]"""
    entity_name: str | None
    """The entity name, or null if the default. [string, nullable]"""


class DescribeClientQuotasResponseValueDataV1(TaggedFields, total=False, closed=True):
    """``ValueData`` of DescribeClientQuotasResponse (as in version 1)."""
    key: str
    """The quota configuration key. [string]"""
    value: float
    """The quota configuration value. [float64]"""


class DescribeClientQuotasResponseEntryDataV1(TaggedFields, total=False, closed=True):
    """``EntryData`` of DescribeClientQuotasResponse (as in version 1)."""
    entity: list[DescribeClientQuotasResponseEntityDataV1]
    """The quota entity description. [array of EntityData]"""
    values: list[DescribeClientQuotasResponseValueDataV1]
    """The quota values for the entity. [array of ValueData]"""


class DescribeClientQuotasResponseV1(TaggedFields, total=False, closed=True):
    """DescribeClientQuotasResponse version 1: the response body (message, API key 48)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or `0` if the quota description succeeded. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The error message, or `null` if the quota description succeeded. [string, nullable]"""
    entries: list[DescribeClientQuotasResponseEntryDataV1] | None
    """A result entry. [array of EntryData, nullable]"""


class DescribeClusterRequestV0(TaggedFields, total=False, closed=True):
    """DescribeClusterRequest version 0: the request body (message, API key 60)."""
    include_cluster_authorized_operations: bool
    """Whether to include cluster authorized operations. [bool]"""


class DescribeClusterRequestV1(TaggedFields, total=False, closed=True):
    """DescribeClusterRequest version 1: the request body (message, API key 60)."""
    include_cluster_authorized_operations: bool
    """Whether to include cluster authorized operations. [bool]"""
    endpoint_type: int
    """The endpoint type to describe. 1=brokers, 2=controllers. [int8 (-128 to 127), default 1]"""


class DescribeClusterRequestV2(TaggedFields, total=False, closed=True):
    """DescribeClusterRequest version 2: the request body (message, API key 60)."""
    include_cluster_authorized_operations: bool
    """Whether to include cluster authorized operations. [bool]"""
    endpoint_type: int
    """The endpoint type to describe. 1=brokers, 2=controllers. [int8 (-128 to 127), default 1]"""
    include_fenced_brokers: bool
    """Whether to include fenced brokers when listing brokers. [bool]"""


class DescribeClusterResponseDescribeClusterBrokerV0(TaggedFields, total=False, closed=True):
    """``DescribeClusterBroker`` of DescribeClusterResponse (as in version 0)."""
    broker_id: int
    """The broker ID. [int32 (-2147483648 to 2147483647)]"""
    host: str
    """The broker hostname. [string]"""
    port: int
    """The broker port. [int32 (-2147483648 to 2147483647)]"""
    rack: str | None
    """The rack of the broker, or null if it has not been assigned to a rack. [string, nullable, default null]"""


class DescribeClusterResponseV0(TaggedFields, total=False, closed=True):
    """DescribeClusterResponse version 0: the response body (message, API key 60)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The top-level error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The top-level error message, or null if there was no error. [string, nullable, default null]"""
    cluster_id: str
    """The cluster ID that responding broker belongs to. [string]"""
    controller_id: int
    """The ID of the controller. When handled by a controller, returns the current voter leader ID. When handled by a broker, returns a random alive broker ID as a fallback. [int32 (-2147483648 to 2147483647), default -1]"""
    brokers: list[DescribeClusterResponseDescribeClusterBrokerV0]
    """Each broker in the response. [array of DescribeClusterBroker]"""
    cluster_authorized_operations: int
    """32-bit bitfield to represent authorized operations for this cluster. [int32 (-2147483648 to 2147483647), default -2147483648]"""


class DescribeClusterResponseV1(TaggedFields, total=False, closed=True):
    """DescribeClusterResponse version 1: the response body (message, API key 60)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The top-level error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The top-level error message, or null if there was no error. [string, nullable, default null]"""
    endpoint_type: int
    """The endpoint type that was described. 1=brokers, 2=controllers. [int8 (-128 to 127), default 1]"""
    cluster_id: str
    """The cluster ID that responding broker belongs to. [string]"""
    controller_id: int
    """The ID of the controller. When handled by a controller, returns the current voter leader ID. When handled by a broker, returns a random alive broker ID as a fallback. [int32 (-2147483648 to 2147483647), default -1]"""
    brokers: list[DescribeClusterResponseDescribeClusterBrokerV0]
    """Each broker in the response. [array of DescribeClusterBroker]"""
    cluster_authorized_operations: int
    """32-bit bitfield to represent authorized operations for this cluster. [int32 (-2147483648 to 2147483647), default -2147483648]"""


class DescribeClusterResponseDescribeClusterBrokerV2(TaggedFields, total=False, closed=True):
    """``DescribeClusterBroker`` of DescribeClusterResponse (as in version 2)."""
    broker_id: int
    """The broker ID. [int32 (-2147483648 to 2147483647)]"""
    host: str
    """The broker hostname. [string]"""
    port: int
    """The broker port. [int32 (-2147483648 to 2147483647)]"""
    rack: str | None
    """The rack of the broker, or null if it has not been assigned to a rack. [string, nullable, default null]"""
    is_fenced: bool
    """Whether the broker is fenced [bool]"""


class DescribeClusterResponseV2(TaggedFields, total=False, closed=True):
    """DescribeClusterResponse version 2: the response body (message, API key 60)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The top-level error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The top-level error message, or null if there was no error. [string, nullable, default null]"""
    endpoint_type: int
    """The endpoint type that was described. 1=brokers, 2=controllers. [int8 (-128 to 127), default 1]"""
    cluster_id: str
    """The cluster ID that responding broker belongs to. [string]"""
    controller_id: int
    """The ID of the controller. When handled by a controller, returns the current voter leader ID. When handled by a broker, returns a random alive broker ID as a fallback. [int32 (-2147483648 to 2147483647), default -1]"""
    brokers: list[DescribeClusterResponseDescribeClusterBrokerV2]
    """Each broker in the response. [array of DescribeClusterBroker]"""
    cluster_authorized_operations: int
    """32-bit bitfield to represent authorized operations for this cluster. [int32 (-2147483648 to 2147483647), default -2147483648]"""


class DescribeConfigsRequestDescribeConfigsResourceV0(TypedDict, total=False, closed=True):
    """``DescribeConfigsResource`` of DescribeConfigsRequest (as in version 0)."""
    resource_type: int
    """The resource type. [int8 (-128 to 127)]"""
    resource_name: str
    """The resource name. [string]"""
    configuration_keys: list[str] | None
    """The configuration keys to list, or null to list all configuration keys. [array of string, nullable]"""


class DescribeConfigsRequestV0(TypedDict, total=False, closed=True):
    """DescribeConfigsRequest version 0: the request body (message, API key 32)."""
    resources: list[DescribeConfigsRequestDescribeConfigsResourceV0]
    """The resources whose configurations we want to describe. [array of DescribeConfigsResource]"""


class DescribeConfigsRequestV1(TypedDict, total=False, closed=True):
    """DescribeConfigsRequest version 1: the request body (message, API key 32)."""
    resources: list[DescribeConfigsRequestDescribeConfigsResourceV0]
    """The resources whose configurations we want to describe. [array of DescribeConfigsResource]"""
    include_synonyms: bool
    """True if we should include all synonyms. [bool, default false]"""

DescribeConfigsRequestV2 = DescribeConfigsRequestV1
"""DescribeConfigsRequest version 2: the request body (message, API key 32)."""


class DescribeConfigsRequestV3(TypedDict, total=False, closed=True):
    """DescribeConfigsRequest version 3: the request body (message, API key 32)."""
    resources: list[DescribeConfigsRequestDescribeConfigsResourceV0]
    """The resources whose configurations we want to describe. [array of DescribeConfigsResource]"""
    include_synonyms: bool
    """True if we should include all synonyms. [bool, default false]"""
    include_documentation: bool
    """True if we should include configuration documentation. [bool, default false]"""


class DescribeConfigsRequestDescribeConfigsResourceV4(TaggedFields, total=False, closed=True):
    """``DescribeConfigsResource`` of DescribeConfigsRequest (as in version 4)."""
    resource_type: int
    """The resource type. [int8 (-128 to 127)]"""
    resource_name: str
    """The resource name. [string]"""
    configuration_keys: list[str] | None
    """The configuration keys to list, or null to list all configuration keys. [array of string, nullable]"""


class DescribeConfigsRequestV4(TaggedFields, total=False, closed=True):
    """DescribeConfigsRequest version 4: the request body (message, API key 32)."""
    resources: list[DescribeConfigsRequestDescribeConfigsResourceV4]
    """The resources whose configurations we want to describe. [array of DescribeConfigsResource]"""
    include_synonyms: bool
    """True if we should include all synonyms. [bool, default false]"""
    include_documentation: bool
    """True if we should include configuration documentation. [bool, default false]"""


class DescribeConfigsResponseDescribeConfigsResourceResultV0(TypedDict, total=False, closed=True):
    """``DescribeConfigsResourceResult`` of DescribeConfigsResponse (as in version 0)."""
    name: str
    """The configuration name. [string]"""
    value: str | None
    """The configuration value. [string, nullable]"""
    read_only: bool
    """True if the configuration is read-only. [bool]"""
    is_default: bool
    """True if the configuration is not set. [bool]"""
    is_sensitive: bool
    """True if this configuration is sensitive. [bool]"""


class DescribeConfigsResponseDescribeConfigsResultV0(TypedDict, total=False, closed=True):
    """``DescribeConfigsResult`` of DescribeConfigsResponse (as in version 0)."""
    error_code: int
    """The error code, or 0 if we were able to successfully describe the configurations. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The error message, or null if we were able to successfully describe the configurations. [string, nullable]"""
    resource_type: int
    """The resource type. [int8 (-128 to 127)]"""
    resource_name: str
    """The resource name. [string]"""
    configs: list[DescribeConfigsResponseDescribeConfigsResourceResultV0]
    """Each listed configuration. [array of DescribeConfigsResourceResult]"""


class DescribeConfigsResponseV0(TypedDict, total=False, closed=True):
    """DescribeConfigsResponse version 0: the response body (message, API key 32)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    results: list[DescribeConfigsResponseDescribeConfigsResultV0]
    """The results for each resource. [array of DescribeConfigsResult]"""


class DescribeConfigsResponseDescribeConfigsSynonymV1(TypedDict, total=False, closed=True):
    """``DescribeConfigsSynonym`` of DescribeConfigsResponse (as in version 1)."""
    name: str
    """The synonym name. [string]"""
    value: str | None
    """The synonym value. [string, nullable]"""
    source: int
    """The synonym source. [int8 (-128 to 127)]"""


class DescribeConfigsResponseDescribeConfigsResourceResultV1(TypedDict, total=False, closed=True):
    """``DescribeConfigsResourceResult`` of DescribeConfigsResponse (as in version 1)."""
    name: str
    """The configuration name. [string]"""
    value: str | None
    """The configuration value. [string, nullable]"""
    read_only: bool
    """True if the configuration is read-only. [bool]"""
    config_source: int
    """The configuration source. [int8 (-128 to 127), default -1]"""
    is_sensitive: bool
    """True if this configuration is sensitive. [bool]"""
    synonyms: list[DescribeConfigsResponseDescribeConfigsSynonymV1]
    """The synonyms for this configuration key. [array of DescribeConfigsSynonym]"""


class DescribeConfigsResponseDescribeConfigsResultV1(TypedDict, total=False, closed=True):
    """``DescribeConfigsResult`` of DescribeConfigsResponse (as in version 1)."""
    error_code: int
    """The error code, or 0 if we were able to successfully describe the configurations. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The error message, or null if we were able to successfully describe the configurations. [string, nullable]"""
    resource_type: int
    """The resource type. [int8 (-128 to 127)]"""
    resource_name: str
    """The resource name. [string]"""
    configs: list[DescribeConfigsResponseDescribeConfigsResourceResultV1]
    """Each listed configuration. [array of DescribeConfigsResourceResult]"""


class DescribeConfigsResponseV1(TypedDict, total=False, closed=True):
    """DescribeConfigsResponse version 1: the response body (message, API key 32)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    results: list[DescribeConfigsResponseDescribeConfigsResultV1]
    """The results for each resource. [array of DescribeConfigsResult]"""

DescribeConfigsResponseV2 = DescribeConfigsResponseV1
"""DescribeConfigsResponse version 2: the response body (message, API key 32)."""


class DescribeConfigsResponseDescribeConfigsResourceResultV3(TypedDict, total=False, closed=True):
    """``DescribeConfigsResourceResult`` of DescribeConfigsResponse (as in version 3)."""
    name: str
    """The configuration name. [string]"""
    value: str | None
    """The configuration value. [string, nullable]"""
    read_only: bool
    """True if the configuration is read-only. [bool]"""
    config_source: int
    """The configuration source. [int8 (-128 to 127), default -1]"""
    is_sensitive: bool
    """True if this configuration is sensitive. [bool]"""
    synonyms: list[DescribeConfigsResponseDescribeConfigsSynonymV1]
    """The synonyms for this configuration key. [array of DescribeConfigsSynonym]"""
    config_type: int
    """The configuration data type. Type can be one of the following values - BOOLEAN, STRING, INT, SHORT, LONG, DOUBLE, LIST, CLASS, PASSWORD. [int8 (-128 to 127), default 0]"""
    documentation: str | None
    """The configuration documentation. [string, nullable]"""


class DescribeConfigsResponseDescribeConfigsResultV3(TypedDict, total=False, closed=True):
    """``DescribeConfigsResult`` of DescribeConfigsResponse (as in version 3)."""
    error_code: int
    """The error code, or 0 if we were able to successfully describe the configurations. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The error message, or null if we were able to successfully describe the configurations. [string, nullable]"""
    resource_type: int
    """The resource type. [int8 (-128 to 127)]"""
    resource_name: str
    """The resource name. [string]"""
    configs: list[DescribeConfigsResponseDescribeConfigsResourceResultV3]
    """Each listed configuration. [array of DescribeConfigsResourceResult]"""


class DescribeConfigsResponseV3(TypedDict, total=False, closed=True):
    """DescribeConfigsResponse version 3: the response body (message, API key 32)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    results: list[DescribeConfigsResponseDescribeConfigsResultV3]
    """The results for each resource. [array of DescribeConfigsResult]"""


class DescribeConfigsResponseDescribeConfigsSynonymV4(TaggedFields, total=False, closed=True):
    """``DescribeConfigsSynonym`` of DescribeConfigsResponse (as in version 4)."""
    name: str
    """The synonym name. [string]"""
    value: str | None
    """The synonym value. [string, nullable]"""
    source: int
    """The synonym source. [int8 (-128 to 127)]"""


class DescribeConfigsResponseDescribeConfigsResourceResultV4(TaggedFields, total=False, closed=True):
    """``DescribeConfigsResourceResult`` of DescribeConfigsResponse (as in version 4)."""
    name: str
    """The configuration name. [string]"""
    value: str | None
    """The configuration value. [string, nullable]"""
    read_only: bool
    """True if the configuration is read-only. [bool]"""
    config_source: int
    """The configuration source. [int8 (-128 to 127), default -1]"""
    is_sensitive: bool
    """True if this configuration is sensitive. [bool]"""
    synonyms: list[DescribeConfigsResponseDescribeConfigsSynonymV4]
    """The synonyms for this configuration key. [array of DescribeConfigsSynonym]"""
    config_type: int
    """The configuration data type. Type can be one of the following values - BOOLEAN, STRING, INT, SHORT, LONG, DOUBLE, LIST, CLASS, PASSWORD. [int8 (-128 to 127), default 0]"""
    documentation: str | None
    """The configuration documentation. [string, nullable]"""


class DescribeConfigsResponseDescribeConfigsResultV4(TaggedFields, total=False, closed=True):
    """``DescribeConfigsResult`` of DescribeConfigsResponse (as in version 4)."""
    error_code: int
    """The error code, or 0 if we were able to successfully describe the configurations. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The error message, or null if we were able to successfully describe the configurations. [string, nullable]"""
    resource_type: int
    """The resource type. [int8 (-128 to 127)]"""
    resource_name: str
    """The resource name. [string]"""
    configs: list[DescribeConfigsResponseDescribeConfigsResourceResultV4]
    """Each listed configuration. [array of DescribeConfigsResourceResult]"""


class DescribeConfigsResponseV4(TaggedFields, total=False, closed=True):
    """DescribeConfigsResponse version 4: the response body (message, API key 32)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    results: list[DescribeConfigsResponseDescribeConfigsResultV4]
    """The results for each resource. [array of DescribeConfigsResult]"""


class DescribeDelegationTokenRequestDescribeDelegationTokenOwnerV0(TypedDict, total=False, closed=True):
    """``DescribeDelegationTokenOwner`` of DescribeDelegationTokenRequest (as in version 0)."""
    principal_type: str
    """The owner principal type. [string]"""
    principal_name: str
    """The owner principal name. [string]"""


class DescribeDelegationTokenRequestV0(TypedDict, total=False, closed=True):
    """DescribeDelegationTokenRequest version 0: the request body (message, API key 41)."""
    owners: list[DescribeDelegationTokenRequestDescribeDelegationTokenOwnerV0] | None
    """Each owner that we want to describe delegation tokens for, or null to describe all tokens. [array of DescribeDelegationTokenOwner, nullable]"""

DescribeDelegationTokenRequestV1 = DescribeDelegationTokenRequestV0
"""DescribeDelegationTokenRequest version 1: the request body (message, API key 41)."""


class DescribeDelegationTokenRequestDescribeDelegationTokenOwnerV2(TaggedFields, total=False, closed=True):
    """``DescribeDelegationTokenOwner`` of DescribeDelegationTokenRequest (as in version 2)."""
    principal_type: str
    """The owner principal type. [string]"""
    principal_name: str
    """The owner principal name. [string]"""


class DescribeDelegationTokenRequestV2(TaggedFields, total=False, closed=True):
    """DescribeDelegationTokenRequest version 2: the request body (message, API key 41)."""
    owners: list[DescribeDelegationTokenRequestDescribeDelegationTokenOwnerV2] | None
    """Each owner that we want to describe delegation tokens for, or null to describe all tokens. [array of DescribeDelegationTokenOwner, nullable]"""

DescribeDelegationTokenRequestV3 = DescribeDelegationTokenRequestV2
"""DescribeDelegationTokenRequest version 3: the request body (message, API key 41)."""


class DescribeDelegationTokenResponseDescribedDelegationTokenRenewerV0(TypedDict, total=False, closed=True):
    """``DescribedDelegationTokenRenewer`` of DescribeDelegationTokenResponse (as in version 0)."""
    principal_type: str
    """The renewer principal type. [string]"""
    principal_name: str
    """The renewer principal name. [string]"""


class DescribeDelegationTokenResponseDescribedDelegationTokenV0(TypedDict, total=False, closed=True):
    """``DescribedDelegationToken`` of DescribeDelegationTokenResponse (as in version 0)."""
    principal_type: str
    """The token principal type. [string]"""
    principal_name: str
    """The token principal name. [string]"""
    issue_timestamp: int
    """The token issue timestamp in milliseconds. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    expiry_timestamp: int
    """The token expiry timestamp in milliseconds. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    max_timestamp: int
    """The token maximum timestamp length in milliseconds. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    token_id: str
    """The token ID. [string]"""
    hmac: bytes
    """The token HMAC. [bytes]"""
    renewers: list[DescribeDelegationTokenResponseDescribedDelegationTokenRenewerV0]
    """Those who are able to renew this token before it expires. [array of DescribedDelegationTokenRenewer]"""


class DescribeDelegationTokenResponseV0(TypedDict, total=False, closed=True):
    """DescribeDelegationTokenResponse version 0: the response body (message, API key 41)."""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    tokens: list[DescribeDelegationTokenResponseDescribedDelegationTokenV0]
    """The tokens. [array of DescribedDelegationToken]"""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""

DescribeDelegationTokenResponseV1 = DescribeDelegationTokenResponseV0
"""DescribeDelegationTokenResponse version 1: the response body (message, API key 41)."""


class DescribeDelegationTokenResponseDescribedDelegationTokenRenewerV2(TaggedFields, total=False, closed=True):
    """``DescribedDelegationTokenRenewer`` of DescribeDelegationTokenResponse (as in version 2)."""
    principal_type: str
    """The renewer principal type. [string]"""
    principal_name: str
    """The renewer principal name. [string]"""


class DescribeDelegationTokenResponseDescribedDelegationTokenV2(TaggedFields, total=False, closed=True):
    """``DescribedDelegationToken`` of DescribeDelegationTokenResponse (as in version 2)."""
    principal_type: str
    """The token principal type. [string]"""
    principal_name: str
    """The token principal name. [string]"""
    issue_timestamp: int
    """The token issue timestamp in milliseconds. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    expiry_timestamp: int
    """The token expiry timestamp in milliseconds. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    max_timestamp: int
    """The token maximum timestamp length in milliseconds. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    token_id: str
    """The token ID. [string]"""
    hmac: bytes
    """The token HMAC. [bytes]"""
    renewers: list[DescribeDelegationTokenResponseDescribedDelegationTokenRenewerV2]
    """Those who are able to renew this token before it expires. [array of DescribedDelegationTokenRenewer]"""


class DescribeDelegationTokenResponseV2(TaggedFields, total=False, closed=True):
    """DescribeDelegationTokenResponse version 2: the response body (message, API key 41)."""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    tokens: list[DescribeDelegationTokenResponseDescribedDelegationTokenV2]
    """The tokens. [array of DescribedDelegationToken]"""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""


class DescribeDelegationTokenResponseDescribedDelegationTokenV3(TaggedFields, total=False, closed=True):
    """``DescribedDelegationToken`` of DescribeDelegationTokenResponse (as in version 3)."""
    principal_type: str
    """The token principal type. [string]"""
    principal_name: str
    """The token principal name. [string]"""
    token_requester_principal_type: str
    """The principal type of the requester of the token. [string]"""
    token_requester_principal_name: str
    """The principal type of the requester of the token. [string]"""
    issue_timestamp: int
    """The token issue timestamp in milliseconds. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    expiry_timestamp: int
    """The token expiry timestamp in milliseconds. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    max_timestamp: int
    """The token maximum timestamp length in milliseconds. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    token_id: str
    """The token ID. [string]"""
    hmac: bytes
    """The token HMAC. [bytes]"""
    renewers: list[DescribeDelegationTokenResponseDescribedDelegationTokenRenewerV2]
    """Those who are able to renew this token before it expires. [array of DescribedDelegationTokenRenewer]"""


class DescribeDelegationTokenResponseV3(TaggedFields, total=False, closed=True):
    """DescribeDelegationTokenResponse version 3: the response body (message, API key 41)."""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    tokens: list[DescribeDelegationTokenResponseDescribedDelegationTokenV3]
    """The tokens. [array of DescribedDelegationToken]"""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""


class DescribeGroupsRequestV0(TypedDict, total=False, closed=True):
    """DescribeGroupsRequest version 0: the request body (message, API key 15)."""
    groups: list[str]
    """The names of the groups to describe. [array of string]"""

DescribeGroupsRequestV1 = DescribeGroupsRequestV0
"""DescribeGroupsRequest version 1: the request body (message, API key 15)."""

DescribeGroupsRequestV2 = DescribeGroupsRequestV0
"""DescribeGroupsRequest version 2: the request body (message, API key 15)."""


class DescribeGroupsRequestV3(TypedDict, total=False, closed=True):
    """DescribeGroupsRequest version 3: the request body (message, API key 15)."""
    groups: list[str]
    """The names of the groups to describe. [array of string]"""
    include_authorized_operations: bool
    """Whether to include authorized operations. [bool]"""

DescribeGroupsRequestV4 = DescribeGroupsRequestV3
"""DescribeGroupsRequest version 4: the request body (message, API key 15)."""


class DescribeGroupsRequestV5(TaggedFields, total=False, closed=True):
    """DescribeGroupsRequest version 5: the request body (message, API key 15)."""
    groups: list[str]
    """The names of the groups to describe. [array of string]"""
    include_authorized_operations: bool
    """Whether to include authorized operations. [bool]"""

DescribeGroupsRequestV6 = DescribeGroupsRequestV5
"""DescribeGroupsRequest version 6: the request body (message, API key 15)."""


class DescribeGroupsResponseDescribedGroupMemberV0(TypedDict, total=False, closed=True):
    """``DescribedGroupMember`` of DescribeGroupsResponse (as in version 0)."""
    member_id: str
    """The member id. [string]"""
    client_id: str
    """The client ID used in the member's latest join group request. [string]"""
    client_host: str
    """The client host. [string]"""
    member_metadata: bytes
    """The metadata corresponding to the current group protocol in use. [bytes]"""
    member_assignment: bytes
    """The current assignment provided by the group leader. [bytes]"""


class DescribeGroupsResponseDescribedGroupV0(TypedDict, total=False, closed=True):
    """``DescribedGroup`` of DescribeGroupsResponse (as in version 0)."""
    error_code: int
    """The describe error, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    group_id: str
    """The group ID string. [string]"""
    group_state: str
    """The group state string, or the empty string. [string]"""
    protocol_type: str
    """The group protocol type, or the empty string. [string]"""
    protocol_data: str
    """The group protocol data, or the empty string. [string]"""
    members: list[DescribeGroupsResponseDescribedGroupMemberV0]
    """The group members. [array of DescribedGroupMember]"""


class DescribeGroupsResponseV0(TypedDict, total=False, closed=True):
    """DescribeGroupsResponse version 0: the response body (message, API key 15)."""
    groups: list[DescribeGroupsResponseDescribedGroupV0]
    """Each described group. [array of DescribedGroup]"""


class DescribeGroupsResponseV1(TypedDict, total=False, closed=True):
    """DescribeGroupsResponse version 1: the response body (message, API key 15)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    groups: list[DescribeGroupsResponseDescribedGroupV0]
    """Each described group. [array of DescribedGroup]"""

DescribeGroupsResponseV2 = DescribeGroupsResponseV1
"""DescribeGroupsResponse version 2: the response body (message, API key 15)."""


class DescribeGroupsResponseDescribedGroupV3(TypedDict, total=False, closed=True):
    """``DescribedGroup`` of DescribeGroupsResponse (as in version 3)."""
    error_code: int
    """The describe error, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    group_id: str
    """The group ID string. [string]"""
    group_state: str
    """The group state string, or the empty string. [string]"""
    protocol_type: str
    """The group protocol type, or the empty string. [string]"""
    protocol_data: str
    """The group protocol data, or the empty string. [string]"""
    members: list[DescribeGroupsResponseDescribedGroupMemberV0]
    """The group members. [array of DescribedGroupMember]"""
    authorized_operations: int
    """32-bit bitfield to represent authorized operations for this group. [int32 (-2147483648 to 2147483647), default -2147483648]"""


class DescribeGroupsResponseV3(TypedDict, total=False, closed=True):
    """DescribeGroupsResponse version 3: the response body (message, API key 15)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    groups: list[DescribeGroupsResponseDescribedGroupV3]
    """Each described group. [array of DescribedGroup]"""


class DescribeGroupsResponseDescribedGroupMemberV4(TypedDict, total=False, closed=True):
    """``DescribedGroupMember`` of DescribeGroupsResponse (as in version 4)."""
    member_id: str
    """The member id. [string]"""
    group_instance_id: str | None
    """The unique identifier of the consumer instance provided by end user. [string, nullable, default null]"""
    client_id: str
    """The client ID used in the member's latest join group request. [string]"""
    client_host: str
    """The client host. [string]"""
    member_metadata: bytes
    """The metadata corresponding to the current group protocol in use. [bytes]"""
    member_assignment: bytes
    """The current assignment provided by the group leader. [bytes]"""


class DescribeGroupsResponseDescribedGroupV4(TypedDict, total=False, closed=True):
    """``DescribedGroup`` of DescribeGroupsResponse (as in version 4)."""
    error_code: int
    """The describe error, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    group_id: str
    """The group ID string. [string]"""
    group_state: str
    """The group state string, or the empty string. [string]"""
    protocol_type: str
    """The group protocol type, or the empty string. [string]"""
    protocol_data: str
    """The group protocol data, or the empty string. [string]"""
    members: list[DescribeGroupsResponseDescribedGroupMemberV4]
    """The group members. [array of DescribedGroupMember]"""
    authorized_operations: int
    """32-bit bitfield to represent authorized operations for this group. [int32 (-2147483648 to 2147483647), default -2147483648]"""


class DescribeGroupsResponseV4(TypedDict, total=False, closed=True):
    """DescribeGroupsResponse version 4: the response body (message, API key 15)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    groups: list[DescribeGroupsResponseDescribedGroupV4]
    """Each described group. [array of DescribedGroup]"""


class DescribeGroupsResponseDescribedGroupMemberV5(TaggedFields, total=False, closed=True):
    """``DescribedGroupMember`` of DescribeGroupsResponse (as in version 5)."""
    member_id: str
    """The member id. [string]"""
    group_instance_id: str | None
    """The unique identifier of the consumer instance provided by end user. [string, nullable, default null]"""
    client_id: str
    """The client ID used in the member's latest join group request. [string]"""
    client_host: str
    """The client host. [string]"""
    member_metadata: bytes
    """The metadata corresponding to the current group protocol in use. [bytes]"""
    member_assignment: bytes
    """The current assignment provided by the group leader. [bytes]"""


class DescribeGroupsResponseDescribedGroupV5(TaggedFields, total=False, closed=True):
    """``DescribedGroup`` of DescribeGroupsResponse (as in version 5)."""
    error_code: int
    """The describe error, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    group_id: str
    """The group ID string. [string]"""
    group_state: str
    """The group state string, or the empty string. [string]"""
    protocol_type: str
    """The group protocol type, or the empty string. [string]"""
    protocol_data: str
    """The group protocol data, or the empty string. [string]"""
    members: list[DescribeGroupsResponseDescribedGroupMemberV5]
    """The group members. [array of DescribedGroupMember]"""
    authorized_operations: int
    """32-bit bitfield to represent authorized operations for this group. [int32 (-2147483648 to 2147483647), default -2147483648]"""


class DescribeGroupsResponseV5(TaggedFields, total=False, closed=True):
    """DescribeGroupsResponse version 5: the response body (message, API key 15)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    groups: list[DescribeGroupsResponseDescribedGroupV5]
    """Each described group. [array of DescribedGroup]"""


class DescribeGroupsResponseDescribedGroupV6(TaggedFields, total=False, closed=True):
    """``DescribedGroup`` of DescribeGroupsResponse (as in version 6)."""
    error_code: int
    """The describe error, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The describe error message, or null if there was no error. [string, nullable, default null]"""
    group_id: str
    """The group ID string. [string]"""
    group_state: str
    """The group state string, or the empty string. [string]"""
    protocol_type: str
    """The group protocol type, or the empty string. [string]"""
    protocol_data: str
    """The group protocol data, or the empty string. [string]"""
    members: list[DescribeGroupsResponseDescribedGroupMemberV5]
    """The group members. [array of DescribedGroupMember]"""
    authorized_operations: int
    """32-bit bitfield to represent authorized operations for this group. [int32 (-2147483648 to 2147483647), default -2147483648]"""


class DescribeGroupsResponseV6(TaggedFields, total=False, closed=True):
    """DescribeGroupsResponse version 6: the response body (message, API key 15)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    groups: list[DescribeGroupsResponseDescribedGroupV6]
    """Each described group. [array of DescribedGroup]"""


class DescribeLogDirsRequestDescribableLogDirTopicV0(TypedDict, total=False, closed=True):
    """``DescribableLogDirTopic`` of DescribeLogDirsRequest (as in version 0)."""
    topic: str
    """The topic name. [string]"""
    partitions: list[int]
    """The partition indexes. [array of int32 (-2147483648 to 2147483647)]"""


class DescribeLogDirsRequestV0(TypedDict, total=False, closed=True):
    """DescribeLogDirsRequest version 0: the request body (message, API key 35)."""
    topics: list[DescribeLogDirsRequestDescribableLogDirTopicV0] | None
    """Each topic that we want to describe log directories for, or null for all topics. [array of DescribableLogDirTopic, nullable]"""

DescribeLogDirsRequestV1 = DescribeLogDirsRequestV0
"""DescribeLogDirsRequest version 1: the request body (message, API key 35)."""


class DescribeLogDirsRequestDescribableLogDirTopicV2(TaggedFields, total=False, closed=True):
    """``DescribableLogDirTopic`` of DescribeLogDirsRequest (as in version 2)."""
    topic: str
    """The topic name. [string]"""
    partitions: list[int]
    """The partition indexes. [array of int32 (-2147483648 to 2147483647)]"""


class DescribeLogDirsRequestV2(TaggedFields, total=False, closed=True):
    """DescribeLogDirsRequest version 2: the request body (message, API key 35)."""
    topics: list[DescribeLogDirsRequestDescribableLogDirTopicV2] | None
    """Each topic that we want to describe log directories for, or null for all topics. [array of DescribableLogDirTopic, nullable]"""

DescribeLogDirsRequestV3 = DescribeLogDirsRequestV2
"""DescribeLogDirsRequest version 3: the request body (message, API key 35)."""

DescribeLogDirsRequestV4 = DescribeLogDirsRequestV2
"""DescribeLogDirsRequest version 4: the request body (message, API key 35)."""

DescribeLogDirsRequestV5 = DescribeLogDirsRequestV2
"""DescribeLogDirsRequest version 5: the request body (message, API key 35)."""


class DescribeLogDirsResponseDescribeLogDirsPartitionV0(TypedDict, total=False, closed=True):
    """``DescribeLogDirsPartition`` of DescribeLogDirsResponse (as in version 0)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    partition_size: int
    """The size of the log segments in this partition in bytes. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    offset_lag: int
    """The lag of the log's LEO w.r.t. partition's HW (if it is the current log for the partition) or current replica's LEO (if it is the future log for the partition). [int64 (-9223372036854775808 to 9223372036854775807)]"""
    is_future_key: bool
    """True if this log is created by AlterReplicaLogDirsRequest and will replace the current log of the replica in the future. [bool]"""


class DescribeLogDirsResponseDescribeLogDirsTopicV0(TypedDict, total=False, closed=True):
    """``DescribeLogDirsTopic`` of DescribeLogDirsResponse (as in version 0)."""
    name: str
    """The topic name. [string]"""
    partitions: list[DescribeLogDirsResponseDescribeLogDirsPartitionV0]
    """The partitions. [array of DescribeLogDirsPartition]"""


class DescribeLogDirsResponseDescribeLogDirsResultV0(TypedDict, total=False, closed=True):
    """``DescribeLogDirsResult`` of DescribeLogDirsResponse (as in version 0)."""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    log_dir: str
    """The absolute log directory path. [string]"""
    topics: list[DescribeLogDirsResponseDescribeLogDirsTopicV0]
    """The topics. [array of DescribeLogDirsTopic]"""


class DescribeLogDirsResponseV0(TypedDict, total=False, closed=True):
    """DescribeLogDirsResponse version 0: the response body (message, API key 35)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    results: list[DescribeLogDirsResponseDescribeLogDirsResultV0]
    """The log directories. [array of DescribeLogDirsResult]"""

DescribeLogDirsResponseV1 = DescribeLogDirsResponseV0
"""DescribeLogDirsResponse version 1: the response body (message, API key 35)."""


class DescribeLogDirsResponseDescribeLogDirsPartitionV2(TaggedFields, total=False, closed=True):
    """``DescribeLogDirsPartition`` of DescribeLogDirsResponse (as in version 2)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    partition_size: int
    """The size of the log segments in this partition in bytes. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    offset_lag: int
    """The lag of the log's LEO w.r.t. partition's HW (if it is the current log for the partition) or current replica's LEO (if it is the future log for the partition). [int64 (-9223372036854775808 to 9223372036854775807)]"""
    is_future_key: bool
    """True if this log is created by AlterReplicaLogDirsRequest and will replace the current log of the replica in the future. [bool]"""


class DescribeLogDirsResponseDescribeLogDirsTopicV2(TaggedFields, total=False, closed=True):
    """``DescribeLogDirsTopic`` of DescribeLogDirsResponse (as in version 2)."""
    name: str
    """The topic name. [string]"""
    partitions: list[DescribeLogDirsResponseDescribeLogDirsPartitionV2]
    """The partitions. [array of DescribeLogDirsPartition]"""


class DescribeLogDirsResponseDescribeLogDirsResultV2(TaggedFields, total=False, closed=True):
    """``DescribeLogDirsResult`` of DescribeLogDirsResponse (as in version 2)."""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    log_dir: str
    """The absolute log directory path. [string]"""
    topics: list[DescribeLogDirsResponseDescribeLogDirsTopicV2]
    """The topics. [array of DescribeLogDirsTopic]"""


class DescribeLogDirsResponseV2(TaggedFields, total=False, closed=True):
    """DescribeLogDirsResponse version 2: the response body (message, API key 35)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    results: list[DescribeLogDirsResponseDescribeLogDirsResultV2]
    """The log directories. [array of DescribeLogDirsResult]"""


class DescribeLogDirsResponseV3(TaggedFields, total=False, closed=True):
    """DescribeLogDirsResponse version 3: the response body (message, API key 35)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    results: list[DescribeLogDirsResponseDescribeLogDirsResultV2]
    """The log directories. [array of DescribeLogDirsResult]"""


class DescribeLogDirsResponseDescribeLogDirsResultV4(TaggedFields, total=False, closed=True):
    """``DescribeLogDirsResult`` of DescribeLogDirsResponse (as in version 4)."""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    log_dir: str
    """The absolute log directory path. [string]"""
    topics: list[DescribeLogDirsResponseDescribeLogDirsTopicV2]
    """The topics. [array of DescribeLogDirsTopic]"""
    total_bytes: int
    """The total size in bytes of the volume the log directory is in. This value does not include the size of data stored in remote storage. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    usable_bytes: int
    """The usable size in bytes of the volume the log directory is in. This value does not include the size of data stored in remote storage. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""


class DescribeLogDirsResponseV4(TaggedFields, total=False, closed=True):
    """DescribeLogDirsResponse version 4: the response body (message, API key 35)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    results: list[DescribeLogDirsResponseDescribeLogDirsResultV4]
    """The log directories. [array of DescribeLogDirsResult]"""


class DescribeLogDirsResponseDescribeLogDirsResultV5(TaggedFields, total=False, closed=True):
    """``DescribeLogDirsResult`` of DescribeLogDirsResponse (as in version 5)."""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    log_dir: str
    """The absolute log directory path. [string]"""
    topics: list[DescribeLogDirsResponseDescribeLogDirsTopicV2]
    """The topics. [array of DescribeLogDirsTopic]"""
    total_bytes: int
    """The total size in bytes of the volume the log directory is in. This value does not include the size of data stored in remote storage. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    usable_bytes: int
    """The usable size in bytes of the volume the log directory is in. This value does not include the size of data stored in remote storage. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    is_cordoned: bool
    """True if this log directory is cordoned. [bool, default false]"""


class DescribeLogDirsResponseV5(TaggedFields, total=False, closed=True):
    """DescribeLogDirsResponse version 5: the response body (message, API key 35)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    results: list[DescribeLogDirsResponseDescribeLogDirsResultV5]
    """The log directories. [array of DescribeLogDirsResult]"""


class DescribeProducersRequestTopicRequestV0(TaggedFields, total=False, closed=True):
    """``TopicRequest`` of DescribeProducersRequest (as in version 0)."""
    name: str
    """The topic name. [string]"""
    partition_indexes: list[int]
    """The indexes of the partitions to list producers for. [array of int32 (-2147483648 to 2147483647)]"""


class DescribeProducersRequestV0(TaggedFields, total=False, closed=True):
    """DescribeProducersRequest version 0: the request body (message, API key 61)."""
    topics: list[DescribeProducersRequestTopicRequestV0]
    """The topics to list producers for. [array of TopicRequest]"""


class DescribeProducersResponseProducerStateV0(TaggedFields, total=False, closed=True):
    """``ProducerState`` of DescribeProducersResponse (as in version 0)."""
    producer_id: int
    """The producer id. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    producer_epoch: int
    """The producer epoch. [int32 (-2147483648 to 2147483647)]"""
    last_sequence: int
    """The last sequence number sent by the producer. [int32 (-2147483648 to 2147483647), default -1]"""
    last_timestamp: int
    """The last timestamp sent by the producer. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    coordinator_epoch: int
    """The current epoch of the producer group. [int32 (-2147483648 to 2147483647)]"""
    current_txn_start_offset: int
    """The current transaction start offset of the producer. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""


class DescribeProducersResponsePartitionResponseV0(TaggedFields, total=False, closed=True):
    """``PartitionResponse`` of DescribeProducersResponse (as in version 0)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The partition error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The partition error message, which may be null if no additional details are available. [string, nullable, default null]"""
    active_producers: list[DescribeProducersResponseProducerStateV0]
    """The active producers for the partition. [array of ProducerState]"""


class DescribeProducersResponseTopicResponseV0(TaggedFields, total=False, closed=True):
    """``TopicResponse`` of DescribeProducersResponse (as in version 0)."""
    name: str
    """The topic name. [string]"""
    partitions: list[DescribeProducersResponsePartitionResponseV0]
    """Each partition in the response. [array of PartitionResponse]"""


class DescribeProducersResponseV0(TaggedFields, total=False, closed=True):
    """DescribeProducersResponse version 0: the response body (message, API key 61)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    topics: list[DescribeProducersResponseTopicResponseV0]
    """Each topic in the response. [array of TopicResponse]"""


class DescribeQuorumRequestPartitionDataV0(TaggedFields, total=False, closed=True):
    """``PartitionData`` of DescribeQuorumRequest (as in version 0)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""


class DescribeQuorumRequestTopicDataV0(TaggedFields, total=False, closed=True):
    """``TopicData`` of DescribeQuorumRequest (as in version 0)."""
    topic_name: str
    """The topic name. [string]"""
    partitions: list[DescribeQuorumRequestPartitionDataV0]
    """The partitions to describe. [array of PartitionData]"""


class DescribeQuorumRequestV0(TaggedFields, total=False, closed=True):
    """DescribeQuorumRequest version 0: the request body (message, API key 55)."""
    topics: list[DescribeQuorumRequestTopicDataV0]
    """The topics to describe. [array of TopicData]"""

DescribeQuorumRequestV1 = DescribeQuorumRequestV0
"""DescribeQuorumRequest version 1: the request body (message, API key 55)."""

DescribeQuorumRequestV2 = DescribeQuorumRequestV0
"""DescribeQuorumRequest version 2: the request body (message, API key 55)."""


class DescribeQuorumResponseReplicaStateV0(TaggedFields, total=False, closed=True):
    """``ReplicaState`` of DescribeQuorumResponse (as in version 0)."""
    replica_id: int
    """The ID of the replica. [int32 (-2147483648 to 2147483647)]"""
    log_end_offset: int
    """The last known log end offset of the follower or -1 if it is unknown. [int64 (-9223372036854775808 to 9223372036854775807)]"""


class DescribeQuorumResponsePartitionDataV0(TaggedFields, total=False, closed=True):
    """``PartitionData`` of DescribeQuorumResponse (as in version 0)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The partition error code. [int16 (-32768 to 32767)]"""
    leader_id: int
    """The ID of the current leader or -1 if the leader is unknown. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The latest known leader epoch. [int32 (-2147483648 to 2147483647)]"""
    high_watermark: int
    """The high water mark. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    current_voters: list[DescribeQuorumResponseReplicaStateV0]
    """The current voters of the partition. [array of ReplicaState]"""
    observers: list[DescribeQuorumResponseReplicaStateV0]
    """The observers of the partition. [array of ReplicaState]"""


class DescribeQuorumResponseTopicDataV0(TaggedFields, total=False, closed=True):
    """``TopicData`` of DescribeQuorumResponse (as in version 0)."""
    topic_name: str
    """The topic name. [string]"""
    partitions: list[DescribeQuorumResponsePartitionDataV0]
    """The partition data. [array of PartitionData]"""


class DescribeQuorumResponseV0(TaggedFields, total=False, closed=True):
    """DescribeQuorumResponse version 0: the response body (message, API key 55)."""
    error_code: int
    """The top level error code. [int16 (-32768 to 32767)]"""
    topics: list[DescribeQuorumResponseTopicDataV0]
    """The response from the describe quorum API. [array of TopicData]"""


class DescribeQuorumResponseReplicaStateV1(TaggedFields, total=False, closed=True):
    """``ReplicaState`` of DescribeQuorumResponse (as in version 1)."""
    replica_id: int
    """The ID of the replica. [int32 (-2147483648 to 2147483647)]"""
    log_end_offset: int
    """The last known log end offset of the follower or -1 if it is unknown. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    last_fetch_timestamp: int
    """The last known leader wall clock time time when a follower fetched from the leader. This is reported as -1 both for the current leader or if it is unknown for a voter. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    last_caught_up_timestamp: int
    """The leader wall clock append time of the offset for which the follower made the most recent fetch request. This is reported as the current time for the leader and -1 if unknown for a voter. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""


class DescribeQuorumResponsePartitionDataV1(TaggedFields, total=False, closed=True):
    """``PartitionData`` of DescribeQuorumResponse (as in version 1)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The partition error code. [int16 (-32768 to 32767)]"""
    leader_id: int
    """The ID of the current leader or -1 if the leader is unknown. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The latest known leader epoch. [int32 (-2147483648 to 2147483647)]"""
    high_watermark: int
    """The high water mark. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    current_voters: list[DescribeQuorumResponseReplicaStateV1]
    """The current voters of the partition. [array of ReplicaState]"""
    observers: list[DescribeQuorumResponseReplicaStateV1]
    """The observers of the partition. [array of ReplicaState]"""


class DescribeQuorumResponseTopicDataV1(TaggedFields, total=False, closed=True):
    """``TopicData`` of DescribeQuorumResponse (as in version 1)."""
    topic_name: str
    """The topic name. [string]"""
    partitions: list[DescribeQuorumResponsePartitionDataV1]
    """The partition data. [array of PartitionData]"""


class DescribeQuorumResponseV1(TaggedFields, total=False, closed=True):
    """DescribeQuorumResponse version 1: the response body (message, API key 55)."""
    error_code: int
    """The top level error code. [int16 (-32768 to 32767)]"""
    topics: list[DescribeQuorumResponseTopicDataV1]
    """The response from the describe quorum API. [array of TopicData]"""


class DescribeQuorumResponseReplicaStateV2(TaggedFields, total=False, closed=True):
    """``ReplicaState`` of DescribeQuorumResponse (as in version 2)."""
    replica_id: int
    """The ID of the replica. [int32 (-2147483648 to 2147483647)]"""
    replica_directory_id: UUID
    """The replica directory ID of the replica. [uuid]"""
    log_end_offset: int
    """The last known log end offset of the follower or -1 if it is unknown. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    last_fetch_timestamp: int
    """The last known leader wall clock time time when a follower fetched from the leader. This is reported as -1 both for the current leader or if it is unknown for a voter. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    last_caught_up_timestamp: int
    """The leader wall clock append time of the offset for which the follower made the most recent fetch request. This is reported as the current time for the leader and -1 if unknown for a voter. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""


class DescribeQuorumResponsePartitionDataV2(TaggedFields, total=False, closed=True):
    """``PartitionData`` of DescribeQuorumResponse (as in version 2)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The partition error code. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The error message, or null if there was no error. [string, nullable]"""
    leader_id: int
    """The ID of the current leader or -1 if the leader is unknown. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The latest known leader epoch. [int32 (-2147483648 to 2147483647)]"""
    high_watermark: int
    """The high water mark. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    current_voters: list[DescribeQuorumResponseReplicaStateV2]
    """The current voters of the partition. [array of ReplicaState]"""
    observers: list[DescribeQuorumResponseReplicaStateV2]
    """The observers of the partition. [array of ReplicaState]"""


class DescribeQuorumResponseTopicDataV2(TaggedFields, total=False, closed=True):
    """``TopicData`` of DescribeQuorumResponse (as in version 2)."""
    topic_name: str
    """The topic name. [string]"""
    partitions: list[DescribeQuorumResponsePartitionDataV2]
    """The partition data. [array of PartitionData]"""


class DescribeQuorumResponseListenerV2(TaggedFields, total=False, closed=True):
    """``Listener`` of DescribeQuorumResponse (as in version 2)."""
    name: str
    """The name of the endpoint. [string]"""
    host: str
    """The hostname. [string]"""
    port: int
    """The port. [uint16 (0 to 65535)]"""


class DescribeQuorumResponseNodeV2(TaggedFields, total=False, closed=True):
    """``Node`` of DescribeQuorumResponse (as in version 2)."""
    node_id: int
    """The ID of the associated node. [int32 (-2147483648 to 2147483647)]"""
    listeners: list[DescribeQuorumResponseListenerV2]
    """The listeners of this controller. [array of Listener]"""


class DescribeQuorumResponseV2(TaggedFields, total=False, closed=True):
    """DescribeQuorumResponse version 2: the response body (message, API key 55)."""
    error_code: int
    """The top level error code. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The error message, or null if there was no error. [string, nullable]"""
    topics: list[DescribeQuorumResponseTopicDataV2]
    """The response from the describe quorum API. [array of TopicData]"""
    nodes: list[DescribeQuorumResponseNodeV2]
    """The nodes in the quorum. [array of Node]"""


class DescribeShareGroupOffsetsRequestTopicV0(TaggedFields, total=False, closed=True):
    """``DescribeShareGroupOffsetsRequestTopic`` of DescribeShareGroupOffsetsRequest (as in version 0)."""
    topic_name: str
    """The topic name. [string]"""
    partitions: list[int]
    """The partitions. [array of int32 (-2147483648 to 2147483647)]"""


class DescribeShareGroupOffsetsRequestGroupV0(TaggedFields, total=False, closed=True):
    """``DescribeShareGroupOffsetsRequestGroup`` of DescribeShareGroupOffsetsRequest (as in version 0)."""
    group_id: str
    """The group identifier. [string]"""
    topics: list[DescribeShareGroupOffsetsRequestTopicV0] | None
    """The topics to describe offsets for, or null for all topic-partitions. [array of DescribeShareGroupOffsetsRequestTopic, nullable]"""


class DescribeShareGroupOffsetsRequestV0(TaggedFields, total=False, closed=True):
    """DescribeShareGroupOffsetsRequest version 0: the request body (message, API key 90)."""
    groups: list[DescribeShareGroupOffsetsRequestGroupV0]
    """The groups to describe offsets for. [array of DescribeShareGroupOffsetsRequestGroup]"""

DescribeShareGroupOffsetsRequestV1 = DescribeShareGroupOffsetsRequestV0
"""DescribeShareGroupOffsetsRequest version 1: the request body (message, API key 90)."""


class DescribeShareGroupOffsetsResponsePartitionV0(TaggedFields, total=False, closed=True):
    """``DescribeShareGroupOffsetsResponsePartition`` of DescribeShareGroupOffsetsResponse (as in version 0)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    start_offset: int
    """The share-partition start offset. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    leader_epoch: int
    """The leader epoch of the partition. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The partition-level error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The partition-level error message, or null if there was no error. [string, nullable, default null]"""


class DescribeShareGroupOffsetsResponseTopicV0(TaggedFields, total=False, closed=True):
    """``DescribeShareGroupOffsetsResponseTopic`` of DescribeShareGroupOffsetsResponse (as in version 0)."""
    topic_name: str
    """The topic name. [string]"""
    topic_id: UUID
    """The unique topic ID. [uuid]"""
    partitions: list[DescribeShareGroupOffsetsResponsePartitionV0]
    """Partitions. [array of DescribeShareGroupOffsetsResponsePartition]"""


class DescribeShareGroupOffsetsResponseGroupV0(TaggedFields, total=False, closed=True):
    """``DescribeShareGroupOffsetsResponseGroup`` of DescribeShareGroupOffsetsResponse (as in version 0)."""
    group_id: str
    """The group identifier. [string]"""
    topics: list[DescribeShareGroupOffsetsResponseTopicV0]
    """The results for each topic. [array of DescribeShareGroupOffsetsResponseTopic]"""
    error_code: int
    """The group-level error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The group-level error message, or null if there was no error. [string, nullable, default null]"""


class DescribeShareGroupOffsetsResponseV0(TaggedFields, total=False, closed=True):
    """DescribeShareGroupOffsetsResponse version 0: the response body (message, API key 90)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    groups: list[DescribeShareGroupOffsetsResponseGroupV0]
    """The results for each group. [array of DescribeShareGroupOffsetsResponseGroup]"""


class DescribeShareGroupOffsetsResponsePartitionV1(TaggedFields, total=False, closed=True):
    """``DescribeShareGroupOffsetsResponsePartition`` of DescribeShareGroupOffsetsResponse (as in version 1)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    start_offset: int
    """The share-partition start offset. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    leader_epoch: int
    """The leader epoch of the partition. [int32 (-2147483648 to 2147483647)]"""
    lag: int
    """The share-partition lag. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    error_code: int
    """The partition-level error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The partition-level error message, or null if there was no error. [string, nullable, default null]"""


class DescribeShareGroupOffsetsResponseTopicV1(TaggedFields, total=False, closed=True):
    """``DescribeShareGroupOffsetsResponseTopic`` of DescribeShareGroupOffsetsResponse (as in version 1)."""
    topic_name: str
    """The topic name. [string]"""
    topic_id: UUID
    """The unique topic ID. [uuid]"""
    partitions: list[DescribeShareGroupOffsetsResponsePartitionV1]
    """Partitions. [array of DescribeShareGroupOffsetsResponsePartition]"""


class DescribeShareGroupOffsetsResponseGroupV1(TaggedFields, total=False, closed=True):
    """``DescribeShareGroupOffsetsResponseGroup`` of DescribeShareGroupOffsetsResponse (as in version 1)."""
    group_id: str
    """The group identifier. [string]"""
    topics: list[DescribeShareGroupOffsetsResponseTopicV1]
    """The results for each topic. [array of DescribeShareGroupOffsetsResponseTopic]"""
    error_code: int
    """The group-level error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The group-level error message, or null if there was no error. [string, nullable, default null]"""


class DescribeShareGroupOffsetsResponseV1(TaggedFields, total=False, closed=True):
    """DescribeShareGroupOffsetsResponse version 1: the response body (message, API key 90)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    groups: list[DescribeShareGroupOffsetsResponseGroupV1]
    """The results for each group. [array of DescribeShareGroupOffsetsResponseGroup]"""


class DescribeTopicPartitionsRequestTopicRequestV0(TaggedFields, total=False, closed=True):
    """``TopicRequest`` of DescribeTopicPartitionsRequest (as in version 0)."""
    name: str
    """The topic name. [string]"""


class DescribeTopicPartitionsRequestCursorV0(TaggedFields, total=False, closed=True):
    """``Cursor`` of DescribeTopicPartitionsRequest (as in version 0)."""
    topic_name: str
    """The name for the first topic to process. [string]"""
    partition_index: int
    """The partition index to start with. [int32 (-2147483648 to 2147483647)]"""


class DescribeTopicPartitionsRequestV0(TaggedFields, total=False, closed=True):
    """DescribeTopicPartitionsRequest version 0: the request body (message, API key 75)."""
    topics: list[DescribeTopicPartitionsRequestTopicRequestV0]
    """The topics to fetch details for. [array of TopicRequest]"""
    response_partition_limit: int
    """The maximum number of partitions included in the response. [int32 (-2147483648 to 2147483647), default 2000]"""
    cursor: DescribeTopicPartitionsRequestCursorV0 | None
    """The first topic and partition index to fetch details for. [Cursor, nullable, default null]"""


class DescribeTopicPartitionsResponsePartitionV0(TaggedFields, total=False, closed=True):
    """``DescribeTopicPartitionsResponsePartition`` of DescribeTopicPartitionsResponse (as in version 0)."""
    error_code: int
    """The partition error, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    leader_id: int
    """The ID of the leader broker. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The leader epoch of this partition. [int32 (-2147483648 to 2147483647), default -1]"""
    replica_nodes: list[int]
    """The set of all nodes that host this partition. [array of int32 (-2147483648 to 2147483647)]"""
    isr_nodes: list[int]
    """The set of nodes that are in sync with the leader for this partition. [array of int32 (-2147483648 to 2147483647)]"""
    eligible_leader_replicas: list[int] | None
    """The new eligible leader replicas otherwise. [array of int32 (-2147483648 to 2147483647), nullable, default null]"""
    last_known_elr: list[int] | None
    """The last known ELR. [array of int32 (-2147483648 to 2147483647), nullable, default null]"""
    offline_replicas: list[int]
    """The set of offline replicas of this partition. [array of int32 (-2147483648 to 2147483647)]"""


class DescribeTopicPartitionsResponseTopicV0(TaggedFields, total=False, closed=True):
    """``DescribeTopicPartitionsResponseTopic`` of DescribeTopicPartitionsResponse (as in version 0)."""
    error_code: int
    """The topic error, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    name: str | None
    """The topic name. [string, nullable]"""
    topic_id: UUID
    """The topic id. [uuid]"""
    is_internal: bool
    """True if the topic is internal. [bool, default false]"""
    partitions: list[DescribeTopicPartitionsResponsePartitionV0]
    """Each partition in the topic. [array of DescribeTopicPartitionsResponsePartition]"""
    topic_authorized_operations: int
    """32-bit bitfield to represent authorized operations for this topic. [int32 (-2147483648 to 2147483647), default -2147483648]"""


class DescribeTopicPartitionsResponseCursorV0(TaggedFields, total=False, closed=True):
    """``Cursor`` of DescribeTopicPartitionsResponse (as in version 0)."""
    topic_name: str
    """The name for the first topic to process. [string]"""
    partition_index: int
    """The partition index to start with. [int32 (-2147483648 to 2147483647)]"""


class DescribeTopicPartitionsResponseV0(TaggedFields, total=False, closed=True):
    """DescribeTopicPartitionsResponse version 0: the response body (message, API key 75)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    topics: list[DescribeTopicPartitionsResponseTopicV0]
    """Each topic in the response. [array of DescribeTopicPartitionsResponseTopic]"""
    next_cursor: DescribeTopicPartitionsResponseCursorV0 | None
    """The next topic and partition index to fetch details for. [Cursor, nullable, default null]"""


class DescribeTransactionsRequestV0(TaggedFields, total=False, closed=True):
    """DescribeTransactionsRequest version 0: the request body (message, API key 65)."""
    transactional_ids: list[str]
    """Array of transactionalIds to include in describe results. If empty, then no results will be returned. [array of string]"""


class DescribeTransactionsResponseTopicDataV0(TaggedFields, total=False, closed=True):
    """``TopicData`` of DescribeTransactionsResponse (as in version 0)."""
    topic: str
    """The topic name. [string]"""
    partitions: list[int]
    """The partition ids included in the current transaction. [array of int32 (-2147483648 to 2147483647)]"""


class DescribeTransactionsResponseTransactionStateV0(TaggedFields, total=False, closed=True):
    """``TransactionState`` of DescribeTransactionsResponse (as in version 0)."""
    error_code: int
    """The error code. [int16 (-32768 to 32767)]"""
    transactional_id: str
    """The transactional id. [string]"""
    transaction_state: str
    """The current transaction state of the producer. [string]"""
    transaction_timeout_ms: int
    """The timeout in milliseconds for the transaction. [int32 (-2147483648 to 2147483647)]"""
    transaction_start_time_ms: int
    """The start time of the transaction in milliseconds. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    producer_id: int
    """The current producer id associated with the transaction. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    producer_epoch: int
    """The current epoch associated with the producer id. [int16 (-32768 to 32767)]"""
    topics: list[DescribeTransactionsResponseTopicDataV0]
    """The set of partitions included in the current transaction (if active). When a transaction is preparing to commit or abort, this will include only partitions which do not have markers. [array of TopicData]"""


class DescribeTransactionsResponseV0(TaggedFields, total=False, closed=True):
    """DescribeTransactionsResponse version 0: the response body (message, API key 65)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    transaction_states: list[DescribeTransactionsResponseTransactionStateV0]
    """The current state of the transaction. [array of TransactionState]"""


class DescribeUserScramCredentialsRequestUserNameV0(TaggedFields, total=False, closed=True):
    """``UserName`` of DescribeUserScramCredentialsRequest (as in version 0)."""
    name: str
    """The user name. [string]"""


class DescribeUserScramCredentialsRequestV0(TaggedFields, total=False, closed=True):
    """DescribeUserScramCredentialsRequest version 0: the request body (message, API key 50)."""
    users: list[DescribeUserScramCredentialsRequestUserNameV0] | None
    """The users to describe, or null/empty to describe all users. [array of UserName, nullable]"""


class DescribeUserScramCredentialsResponseCredentialInfoV0(TaggedFields, total=False, closed=True):
    """``CredentialInfo`` of DescribeUserScramCredentialsResponse (as in version 0)."""
    mechanism: int
    """The SCRAM mechanism. [int8 (-128 to 127)]"""
    iterations: int
    """The number of iterations used in the SCRAM credential. [int32 (-2147483648 to 2147483647)]"""


class DescribeUserScramCredentialsResponseDescribeUserScramCredentialsResultV0(TaggedFields, total=False, closed=True):
    """``DescribeUserScramCredentialsResult`` of DescribeUserScramCredentialsResponse (as in version 0)."""
    user: str
    """The user name. [string]"""
    error_code: int
    """The user-level error code. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The user-level error message, if any. [string, nullable]"""
    credential_infos: list[DescribeUserScramCredentialsResponseCredentialInfoV0]
    """The mechanism and related information associated with the user's SCRAM credentials. [array of CredentialInfo]"""


class DescribeUserScramCredentialsResponseV0(TaggedFields, total=False, closed=True):
    """DescribeUserScramCredentialsResponse version 0: the response body (message, API key 50)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The message-level error code, 0 except for user authorization or infrastructure issues. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The message-level error message, if any. [string, nullable]"""
    results: list[DescribeUserScramCredentialsResponseDescribeUserScramCredentialsResultV0]
    """The results for descriptions, one per user. [array of DescribeUserScramCredentialsResult]"""


class ElectLeadersRequestTopicPartitionsV0(TypedDict, total=False, closed=True):
    """``TopicPartitions`` of ElectLeadersRequest (as in version 0)."""
    topic: str
    """The name of a topic. [string]"""
    partitions: list[int]
    """The partitions of this topic whose leader should be elected. [array of int32 (-2147483648 to 2147483647)]"""


class ElectLeadersRequestV0(TypedDict, total=False, closed=True):
    """ElectLeadersRequest version 0: the request body (message, API key 43)."""
    topic_partitions: list[ElectLeadersRequestTopicPartitionsV0] | None
    """The topic partitions to elect leaders. [array of TopicPartitions, nullable]"""
    timeout_ms: int
    """The time in ms to wait for the election to complete. [int32 (-2147483648 to 2147483647), default 60000]"""


class ElectLeadersRequestV1(TypedDict, total=False, closed=True):
    """ElectLeadersRequest version 1: the request body (message, API key 43)."""
    election_type: int
    """Type of elections to conduct for the partition. A value of '0' elects the preferred replica. A value of '1' elects the first live replica if there are no in-sync replica. [int8 (-128 to 127)]"""
    topic_partitions: list[ElectLeadersRequestTopicPartitionsV0] | None
    """The topic partitions to elect leaders. [array of TopicPartitions, nullable]"""
    timeout_ms: int
    """The time in ms to wait for the election to complete. [int32 (-2147483648 to 2147483647), default 60000]"""


class ElectLeadersRequestTopicPartitionsV2(TaggedFields, total=False, closed=True):
    """``TopicPartitions`` of ElectLeadersRequest (as in version 2)."""
    topic: str
    """The name of a topic. [string]"""
    partitions: list[int]
    """The partitions of this topic whose leader should be elected. [array of int32 (-2147483648 to 2147483647)]"""


class ElectLeadersRequestV2(TaggedFields, total=False, closed=True):
    """ElectLeadersRequest version 2: the request body (message, API key 43)."""
    election_type: int
    """Type of elections to conduct for the partition. A value of '0' elects the preferred replica. A value of '1' elects the first live replica if there are no in-sync replica. [int8 (-128 to 127)]"""
    topic_partitions: list[ElectLeadersRequestTopicPartitionsV2] | None
    """The topic partitions to elect leaders. [array of TopicPartitions, nullable]"""
    timeout_ms: int
    """The time in ms to wait for the election to complete. [int32 (-2147483648 to 2147483647), default 60000]"""


class ElectLeadersResponsePartitionResultV0(TypedDict, total=False, closed=True):
    """``PartitionResult`` of ElectLeadersResponse (as in version 0)."""
    partition_id: int
    """The partition id. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The result error, or zero if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The result message, or null if there was no error. [string, nullable]"""


class ElectLeadersResponseReplicaElectionResultV0(TypedDict, total=False, closed=True):
    """``ReplicaElectionResult`` of ElectLeadersResponse (as in version 0)."""
    topic: str
    """The topic name. [string]"""
    partition_result: list[ElectLeadersResponsePartitionResultV0]
    """The results for each partition. [array of PartitionResult]"""


class ElectLeadersResponseV0(TypedDict, total=False, closed=True):
    """ElectLeadersResponse version 0: the response body (message, API key 43)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    replica_election_results: list[ElectLeadersResponseReplicaElectionResultV0]
    """The election results, or an empty array if the requester did not have permission and the request asks for all partitions. [array of ReplicaElectionResult]"""


class ElectLeadersResponseV1(TypedDict, total=False, closed=True):
    """ElectLeadersResponse version 1: the response body (message, API key 43)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The top level response error code. [int16 (-32768 to 32767)]"""
    replica_election_results: list[ElectLeadersResponseReplicaElectionResultV0]
    """The election results, or an empty array if the requester did not have permission and the request asks for all partitions. [array of ReplicaElectionResult]"""


class ElectLeadersResponsePartitionResultV2(TaggedFields, total=False, closed=True):
    """``PartitionResult`` of ElectLeadersResponse (as in version 2)."""
    partition_id: int
    """The partition id. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The result error, or zero if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The result message, or null if there was no error. [string, nullable]"""


class ElectLeadersResponseReplicaElectionResultV2(TaggedFields, total=False, closed=True):
    """``ReplicaElectionResult`` of ElectLeadersResponse (as in version 2)."""
    topic: str
    """The topic name. [string]"""
    partition_result: list[ElectLeadersResponsePartitionResultV2]
    """The results for each partition. [array of PartitionResult]"""


class ElectLeadersResponseV2(TaggedFields, total=False, closed=True):
    """ElectLeadersResponse version 2: the response body (message, API key 43)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The top level response error code. [int16 (-32768 to 32767)]"""
    replica_election_results: list[ElectLeadersResponseReplicaElectionResultV2]
    """The election results, or an empty array if the requester did not have permission and the request asks for all partitions. [array of ReplicaElectionResult]"""


class EndQuorumEpochRequestPartitionDataV0(TypedDict, total=False, closed=True):
    """``PartitionData`` of EndQuorumEpochRequest (as in version 0)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    leader_id: int
    """The current leader ID that is resigning. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The current epoch. [int32 (-2147483648 to 2147483647)]"""
    preferred_successors: list[int]
    """A sorted list of preferred successors to start the election. [array of int32 (-2147483648 to 2147483647)]"""


class EndQuorumEpochRequestTopicDataV0(TypedDict, total=False, closed=True):
    """``TopicData`` of EndQuorumEpochRequest (as in version 0)."""
    topic_name: str
    """The topic name. [string]"""
    partitions: list[EndQuorumEpochRequestPartitionDataV0]
    """The partitions. [array of PartitionData]"""


class EndQuorumEpochRequestV0(TypedDict, total=False, closed=True):
    """EndQuorumEpochRequest version 0: the request body (message, API key 54)."""
    cluster_id: str | None
    """The cluster id. [string, nullable, default null]"""
    topics: list[EndQuorumEpochRequestTopicDataV0]
    """The topics. [array of TopicData]"""


class EndQuorumEpochRequestReplicaInfoV1(TaggedFields, total=False, closed=True):
    """``ReplicaInfo`` of EndQuorumEpochRequest (as in version 1)."""
    candidate_id: int
    """The ID of the candidate replica. [int32 (-2147483648 to 2147483647)]"""
    candidate_directory_id: UUID
    """The directory ID of the candidate replica. [uuid]"""


class EndQuorumEpochRequestPartitionDataV1(TaggedFields, total=False, closed=True):
    """``PartitionData`` of EndQuorumEpochRequest (as in version 1)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    leader_id: int
    """The current leader ID that is resigning. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The current epoch. [int32 (-2147483648 to 2147483647)]"""
    preferred_candidates: list[EndQuorumEpochRequestReplicaInfoV1]
    """A sorted list of preferred candidates to start the election. [array of ReplicaInfo]"""


class EndQuorumEpochRequestTopicDataV1(TaggedFields, total=False, closed=True):
    """``TopicData`` of EndQuorumEpochRequest (as in version 1)."""
    topic_name: str
    """The topic name. [string]"""
    partitions: list[EndQuorumEpochRequestPartitionDataV1]
    """The partitions. [array of PartitionData]"""


class EndQuorumEpochRequestLeaderEndpointV1(TaggedFields, total=False, closed=True):
    """``LeaderEndpoint`` of EndQuorumEpochRequest (as in version 1)."""
    name: str
    """The name of the endpoint. [string]"""
    host: str
    """The node's hostname. [string]"""
    port: int
    """The node's port. [uint16 (0 to 65535)]"""


class EndQuorumEpochRequestV1(TaggedFields, total=False, closed=True):
    """EndQuorumEpochRequest version 1: the request body (message, API key 54)."""
    cluster_id: str | None
    """The cluster id. [string, nullable, default null]"""
    topics: list[EndQuorumEpochRequestTopicDataV1]
    """The topics. [array of TopicData]"""
    leader_endpoints: list[EndQuorumEpochRequestLeaderEndpointV1]
    """Endpoints for the leader. [array of LeaderEndpoint]"""


class EndQuorumEpochResponsePartitionDataV0(TypedDict, total=False, closed=True):
    """``PartitionData`` of EndQuorumEpochResponse (as in version 0)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The partition level error code. [int16 (-32768 to 32767)]"""
    leader_id: int
    """The ID of the current leader or -1 if the leader is unknown. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The latest known leader epoch. [int32 (-2147483648 to 2147483647)]"""


class EndQuorumEpochResponseTopicDataV0(TypedDict, total=False, closed=True):
    """``TopicData`` of EndQuorumEpochResponse (as in version 0)."""
    topic_name: str
    """The topic name. [string]"""
    partitions: list[EndQuorumEpochResponsePartitionDataV0]
    """The partition data. [array of PartitionData]"""


class EndQuorumEpochResponseV0(TypedDict, total=False, closed=True):
    """EndQuorumEpochResponse version 0: the response body (message, API key 54)."""
    error_code: int
    """The top level error code. [int16 (-32768 to 32767)]"""
    topics: list[EndQuorumEpochResponseTopicDataV0]
    """The topic data. [array of TopicData]"""


class EndQuorumEpochResponsePartitionDataV1(TaggedFields, total=False, closed=True):
    """``PartitionData`` of EndQuorumEpochResponse (as in version 1)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The partition level error code. [int16 (-32768 to 32767)]"""
    leader_id: int
    """The ID of the current leader or -1 if the leader is unknown. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The latest known leader epoch. [int32 (-2147483648 to 2147483647)]"""


class EndQuorumEpochResponseTopicDataV1(TaggedFields, total=False, closed=True):
    """``TopicData`` of EndQuorumEpochResponse (as in version 1)."""
    topic_name: str
    """The topic name. [string]"""
    partitions: list[EndQuorumEpochResponsePartitionDataV1]
    """The partition data. [array of PartitionData]"""


class EndQuorumEpochResponseNodeEndpointV1(TaggedFields, total=False, closed=True):
    """``NodeEndpoint`` of EndQuorumEpochResponse (as in version 1)."""
    node_id: int
    """The ID of the associated node. [int32 (-2147483648 to 2147483647)]"""
    host: str
    """The node's hostname. [string]"""
    port: int
    """The node's port. [uint16 (0 to 65535)]"""


class EndQuorumEpochResponseV1(TaggedFields, total=False, closed=True):
    """EndQuorumEpochResponse version 1: the response body (message, API key 54)."""
    error_code: int
    """The top level error code. [int16 (-32768 to 32767)]"""
    topics: list[EndQuorumEpochResponseTopicDataV1]
    """The topic data. [array of TopicData]"""
    node_endpoints: list[EndQuorumEpochResponseNodeEndpointV1]
    """Endpoints for all leaders enumerated in PartitionData. [array of NodeEndpoint, tagged field 0]"""


class EndTxnMarkerV0(TypedDict, total=False, closed=True):
    """EndTxnMarker version 0: the data format (message)."""
    coordinator_epoch: int
    """The coordinator epoch when appending the record [int32 (-2147483648 to 2147483647)]"""


class EndTxnRequestV0(TypedDict, total=False, closed=True):
    """EndTxnRequest version 0: the request body (message, API key 26)."""
    transactional_id: str
    """The ID of the transaction to end. [string]"""
    producer_id: int
    """The producer ID. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    producer_epoch: int
    """The current epoch associated with the producer. [int16 (-32768 to 32767)]"""
    committed: bool
    """True if the transaction was committed, false if it was aborted. [bool]"""

EndTxnRequestV1 = EndTxnRequestV0
"""EndTxnRequest version 1: the request body (message, API key 26)."""

EndTxnRequestV2 = EndTxnRequestV0
"""EndTxnRequest version 2: the request body (message, API key 26)."""


class EndTxnRequestV3(TaggedFields, total=False, closed=True):
    """EndTxnRequest version 3: the request body (message, API key 26)."""
    transactional_id: str
    """The ID of the transaction to end. [string]"""
    producer_id: int
    """The producer ID. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    producer_epoch: int
    """The current epoch associated with the producer. [int16 (-32768 to 32767)]"""
    committed: bool
    """True if the transaction was committed, false if it was aborted. [bool]"""

EndTxnRequestV4 = EndTxnRequestV3
"""EndTxnRequest version 4: the request body (message, API key 26)."""

EndTxnRequestV5 = EndTxnRequestV3
"""EndTxnRequest version 5: the request body (message, API key 26)."""


class EndTxnResponseV0(TypedDict, total=False, closed=True):
    """EndTxnResponse version 0: the response body (message, API key 26)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""

EndTxnResponseV1 = EndTxnResponseV0
"""EndTxnResponse version 1: the response body (message, API key 26)."""

EndTxnResponseV2 = EndTxnResponseV0
"""EndTxnResponse version 2: the response body (message, API key 26)."""


class EndTxnResponseV3(TaggedFields, total=False, closed=True):
    """EndTxnResponse version 3: the response body (message, API key 26)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""

EndTxnResponseV4 = EndTxnResponseV3
"""EndTxnResponse version 4: the response body (message, API key 26)."""


class EndTxnResponseV5(TaggedFields, total=False, closed=True):
    """EndTxnResponse version 5: the response body (message, API key 26)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    producer_id: int
    """The producer ID. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    producer_epoch: int
    """The current epoch associated with the producer. [int16 (-32768 to 32767), default -1]"""


class EnvelopeRequestV0(TaggedFields, total=False, closed=True):
    """EnvelopeRequest version 0: the request body (message, API key 58)."""
    request_data: bytes
    """The embedded request header and data. [bytes]"""
    request_principal: bytes | None
    """Value of the initial client principal when the request is redirected by a broker. [bytes, nullable]"""
    client_host_address: bytes
    """The original client's address in bytes. [bytes]"""


class EnvelopeResponseV0(TaggedFields, total=False, closed=True):
    """EnvelopeResponse version 0: the response body (message, API key 58)."""
    response_data: bytes | None
    """The embedded response header and data. [bytes, nullable, default null]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""


class ExpireDelegationTokenRequestV0(TypedDict, total=False, closed=True):
    """ExpireDelegationTokenRequest version 0: the request body (message, API key 40)."""
    hmac: bytes
    """The HMAC of the delegation token to be expired. [bytes]"""
    expiry_time_period_ms: int
    """The expiry time period in milliseconds. [int64 (-9223372036854775808 to 9223372036854775807)]"""

ExpireDelegationTokenRequestV1 = ExpireDelegationTokenRequestV0
"""ExpireDelegationTokenRequest version 1: the request body (message, API key 40)."""


class ExpireDelegationTokenRequestV2(TaggedFields, total=False, closed=True):
    """ExpireDelegationTokenRequest version 2: the request body (message, API key 40)."""
    hmac: bytes
    """The HMAC of the delegation token to be expired. [bytes]"""
    expiry_time_period_ms: int
    """The expiry time period in milliseconds. [int64 (-9223372036854775808 to 9223372036854775807)]"""


class ExpireDelegationTokenResponseV0(TypedDict, total=False, closed=True):
    """ExpireDelegationTokenResponse version 0: the response body (message, API key 40)."""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    expiry_timestamp_ms: int
    """The timestamp in milliseconds at which this token expires. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""

ExpireDelegationTokenResponseV1 = ExpireDelegationTokenResponseV0
"""ExpireDelegationTokenResponse version 1: the response body (message, API key 40)."""


class ExpireDelegationTokenResponseV2(TaggedFields, total=False, closed=True):
    """ExpireDelegationTokenResponse version 2: the response body (message, API key 40)."""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    expiry_timestamp_ms: int
    """The timestamp in milliseconds at which this token expires. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""


class FetchRequestFetchPartitionV0(TypedDict, total=False, closed=True):
    """``FetchPartition`` of FetchRequest (as in version 0)."""
    partition: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    fetch_offset: int
    """The message offset. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    partition_max_bytes: int
    """The maximum bytes to fetch from this partition. See KIP-74 for cases where this limit may not be honored. [int32 (-2147483648 to 2147483647)]"""


class FetchRequestFetchTopicV0(TypedDict, total=False, closed=True):
    """``FetchTopic`` of FetchRequest (as in version 0)."""
    topic: str
    """The name of the topic to fetch. [string]"""
    partitions: list[FetchRequestFetchPartitionV0]
    """The partitions to fetch. [array of FetchPartition]"""


class FetchRequestV0(TypedDict, total=False, closed=True):
    """FetchRequest version 0: the request body (message, API key 1)."""
    replica_id: int
    """The broker ID of the follower, of -1 if this request is from a consumer. [int32 (-2147483648 to 2147483647), default -1]"""
    max_wait_ms: int
    """The maximum time in milliseconds to wait for the response. [int32 (-2147483648 to 2147483647)]"""
    min_bytes: int
    """The minimum bytes to accumulate in the response. [int32 (-2147483648 to 2147483647)]"""
    topics: list[FetchRequestFetchTopicV0]
    """The topics to fetch. [array of FetchTopic]"""

FetchRequestV1 = FetchRequestV0
"""FetchRequest version 1: the request body (message, API key 1)."""

FetchRequestV2 = FetchRequestV0
"""FetchRequest version 2: the request body (message, API key 1)."""


class FetchRequestV3(TypedDict, total=False, closed=True):
    """FetchRequest version 3: the request body (message, API key 1)."""
    replica_id: int
    """The broker ID of the follower, of -1 if this request is from a consumer. [int32 (-2147483648 to 2147483647), default -1]"""
    max_wait_ms: int
    """The maximum time in milliseconds to wait for the response. [int32 (-2147483648 to 2147483647)]"""
    min_bytes: int
    """The minimum bytes to accumulate in the response. [int32 (-2147483648 to 2147483647)]"""
    max_bytes: int
    """The maximum bytes to fetch. See KIP-74 for cases where this limit may not be honored. [int32 (-2147483648 to 2147483647), default 2147483647]"""
    topics: list[FetchRequestFetchTopicV0]
    """The topics to fetch. [array of FetchTopic]"""


class FetchRequestV4(TypedDict, total=False, closed=True):
    """FetchRequest version 4: the request body (message, API key 1)."""
    replica_id: int
    """The broker ID of the follower, of -1 if this request is from a consumer. [int32 (-2147483648 to 2147483647), default -1]"""
    max_wait_ms: int
    """The maximum time in milliseconds to wait for the response. [int32 (-2147483648 to 2147483647)]"""
    min_bytes: int
    """The minimum bytes to accumulate in the response. [int32 (-2147483648 to 2147483647)]"""
    max_bytes: int
    """The maximum bytes to fetch. See KIP-74 for cases where this limit may not be honored. [int32 (-2147483648 to 2147483647), default 2147483647]"""
    isolation_level: int
    """This setting controls the visibility of transactional records. Using READ_UNCOMMITTED (isolation_level = 0) makes all records visible. With READ_COMMITTED (isolation_level = 1), non-transactional and COMMITTED transactional records are visible. To be more concrete, READ_COMMITTED returns all data from offsets smaller than the current LSO (last stable offset), and enables the inclusion of the list of aborted transactions in the result, which allows consumers to discard ABORTED transactional records. [int8 (-128 to 127), default 0]"""
    topics: list[FetchRequestFetchTopicV0]
    """The topics to fetch. [array of FetchTopic]"""


class FetchRequestFetchPartitionV5(TypedDict, total=False, closed=True):
    """``FetchPartition`` of FetchRequest (as in version 5)."""
    partition: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    fetch_offset: int
    """The message offset. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    log_start_offset: int
    """The earliest available offset of the follower replica. The field is only used when the request is sent by the follower. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    partition_max_bytes: int
    """The maximum bytes to fetch from this partition. See KIP-74 for cases where this limit may not be honored. [int32 (-2147483648 to 2147483647)]"""


class FetchRequestFetchTopicV5(TypedDict, total=False, closed=True):
    """``FetchTopic`` of FetchRequest (as in version 5)."""
    topic: str
    """The name of the topic to fetch. [string]"""
    partitions: list[FetchRequestFetchPartitionV5]
    """The partitions to fetch. [array of FetchPartition]"""


class FetchRequestV5(TypedDict, total=False, closed=True):
    """FetchRequest version 5: the request body (message, API key 1)."""
    replica_id: int
    """The broker ID of the follower, of -1 if this request is from a consumer. [int32 (-2147483648 to 2147483647), default -1]"""
    max_wait_ms: int
    """The maximum time in milliseconds to wait for the response. [int32 (-2147483648 to 2147483647)]"""
    min_bytes: int
    """The minimum bytes to accumulate in the response. [int32 (-2147483648 to 2147483647)]"""
    max_bytes: int
    """The maximum bytes to fetch. See KIP-74 for cases where this limit may not be honored. [int32 (-2147483648 to 2147483647), default 2147483647]"""
    isolation_level: int
    """This setting controls the visibility of transactional records. Using READ_UNCOMMITTED (isolation_level = 0) makes all records visible. With READ_COMMITTED (isolation_level = 1), non-transactional and COMMITTED transactional records are visible. To be more concrete, READ_COMMITTED returns all data from offsets smaller than the current LSO (last stable offset), and enables the inclusion of the list of aborted transactions in the result, which allows consumers to discard ABORTED transactional records. [int8 (-128 to 127), default 0]"""
    topics: list[FetchRequestFetchTopicV5]
    """The topics to fetch. [array of FetchTopic]"""

FetchRequestV6 = FetchRequestV5
"""FetchRequest version 6: the request body (message, API key 1)."""


class FetchRequestForgottenTopicV7(TypedDict, total=False, closed=True):
    """``ForgottenTopic`` of FetchRequest (as in version 7)."""
    topic: str
    """The topic name. [string]"""
    partitions: list[int]
    """The partitions indexes to forget. [array of int32 (-2147483648 to 2147483647)]"""


class FetchRequestV7(TypedDict, total=False, closed=True):
    """FetchRequest version 7: the request body (message, API key 1)."""
    replica_id: int
    """The broker ID of the follower, of -1 if this request is from a consumer. [int32 (-2147483648 to 2147483647), default -1]"""
    max_wait_ms: int
    """The maximum time in milliseconds to wait for the response. [int32 (-2147483648 to 2147483647)]"""
    min_bytes: int
    """The minimum bytes to accumulate in the response. [int32 (-2147483648 to 2147483647)]"""
    max_bytes: int
    """The maximum bytes to fetch. See KIP-74 for cases where this limit may not be honored. [int32 (-2147483648 to 2147483647), default 2147483647]"""
    isolation_level: int
    """This setting controls the visibility of transactional records. Using READ_UNCOMMITTED (isolation_level = 0) makes all records visible. With READ_COMMITTED (isolation_level = 1), non-transactional and COMMITTED transactional records are visible. To be more concrete, READ_COMMITTED returns all data from offsets smaller than the current LSO (last stable offset), and enables the inclusion of the list of aborted transactions in the result, which allows consumers to discard ABORTED transactional records. [int8 (-128 to 127), default 0]"""
    session_id: int
    """The fetch session ID. [int32 (-2147483648 to 2147483647), default 0]"""
    session_epoch: int
    """The fetch session epoch, which is used for ordering requests in a session. [int32 (-2147483648 to 2147483647), default -1]"""
    topics: list[FetchRequestFetchTopicV5]
    """The topics to fetch. [array of FetchTopic]"""
    forgotten_topics_data: list[FetchRequestForgottenTopicV7]
    """In an incremental fetch request, the partitions to remove. [array of ForgottenTopic]"""

FetchRequestV8 = FetchRequestV7
"""FetchRequest version 8: the request body (message, API key 1)."""


class FetchRequestFetchPartitionV9(TypedDict, total=False, closed=True):
    """``FetchPartition`` of FetchRequest (as in version 9)."""
    partition: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    current_leader_epoch: int
    """The current leader epoch of the partition. [int32 (-2147483648 to 2147483647), default -1]"""
    fetch_offset: int
    """The message offset. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    log_start_offset: int
    """The earliest available offset of the follower replica. The field is only used when the request is sent by the follower. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    partition_max_bytes: int
    """The maximum bytes to fetch from this partition. See KIP-74 for cases where this limit may not be honored. [int32 (-2147483648 to 2147483647)]"""


class FetchRequestFetchTopicV9(TypedDict, total=False, closed=True):
    """``FetchTopic`` of FetchRequest (as in version 9)."""
    topic: str
    """The name of the topic to fetch. [string]"""
    partitions: list[FetchRequestFetchPartitionV9]
    """The partitions to fetch. [array of FetchPartition]"""


class FetchRequestV9(TypedDict, total=False, closed=True):
    """FetchRequest version 9: the request body (message, API key 1)."""
    replica_id: int
    """The broker ID of the follower, of -1 if this request is from a consumer. [int32 (-2147483648 to 2147483647), default -1]"""
    max_wait_ms: int
    """The maximum time in milliseconds to wait for the response. [int32 (-2147483648 to 2147483647)]"""
    min_bytes: int
    """The minimum bytes to accumulate in the response. [int32 (-2147483648 to 2147483647)]"""
    max_bytes: int
    """The maximum bytes to fetch. See KIP-74 for cases where this limit may not be honored. [int32 (-2147483648 to 2147483647), default 2147483647]"""
    isolation_level: int
    """This setting controls the visibility of transactional records. Using READ_UNCOMMITTED (isolation_level = 0) makes all records visible. With READ_COMMITTED (isolation_level = 1), non-transactional and COMMITTED transactional records are visible. To be more concrete, READ_COMMITTED returns all data from offsets smaller than the current LSO (last stable offset), and enables the inclusion of the list of aborted transactions in the result, which allows consumers to discard ABORTED transactional records. [int8 (-128 to 127), default 0]"""
    session_id: int
    """The fetch session ID. [int32 (-2147483648 to 2147483647), default 0]"""
    session_epoch: int
    """The fetch session epoch, which is used for ordering requests in a session. [int32 (-2147483648 to 2147483647), default -1]"""
    topics: list[FetchRequestFetchTopicV9]
    """The topics to fetch. [array of FetchTopic]"""
    forgotten_topics_data: list[FetchRequestForgottenTopicV7]
    """In an incremental fetch request, the partitions to remove. [array of ForgottenTopic]"""

FetchRequestV10 = FetchRequestV9
"""FetchRequest version 10: the request body (message, API key 1)."""


class FetchRequestV11(TypedDict, total=False, closed=True):
    """FetchRequest version 11: the request body (message, API key 1)."""
    replica_id: int
    """The broker ID of the follower, of -1 if this request is from a consumer. [int32 (-2147483648 to 2147483647), default -1]"""
    max_wait_ms: int
    """The maximum time in milliseconds to wait for the response. [int32 (-2147483648 to 2147483647)]"""
    min_bytes: int
    """The minimum bytes to accumulate in the response. [int32 (-2147483648 to 2147483647)]"""
    max_bytes: int
    """The maximum bytes to fetch. See KIP-74 for cases where this limit may not be honored. [int32 (-2147483648 to 2147483647), default 2147483647]"""
    isolation_level: int
    """This setting controls the visibility of transactional records. Using READ_UNCOMMITTED (isolation_level = 0) makes all records visible. With READ_COMMITTED (isolation_level = 1), non-transactional and COMMITTED transactional records are visible. To be more concrete, READ_COMMITTED returns all data from offsets smaller than the current LSO (last stable offset), and enables the inclusion of the list of aborted transactions in the result, which allows consumers to discard ABORTED transactional records. [int8 (-128 to 127), default 0]"""
    session_id: int
    """The fetch session ID. [int32 (-2147483648 to 2147483647), default 0]"""
    session_epoch: int
    """The fetch session epoch, which is used for ordering requests in a session. [int32 (-2147483648 to 2147483647), default -1]"""
    topics: list[FetchRequestFetchTopicV9]
    """The topics to fetch. [array of FetchTopic]"""
    forgotten_topics_data: list[FetchRequestForgottenTopicV7]
    """In an incremental fetch request, the partitions to remove. [array of ForgottenTopic]"""
    rack_id: str
    """Rack ID of the consumer making this request. [string, default \"\"]"""


class FetchRequestFetchPartitionV12(TaggedFields, total=False, closed=True):
    """``FetchPartition`` of FetchRequest (as in version 12)."""
    partition: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    current_leader_epoch: int
    """The current leader epoch of the partition. [int32 (-2147483648 to 2147483647), default -1]"""
    fetch_offset: int
    """The message offset. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    last_fetched_epoch: int
    """The epoch of the last fetched record or -1 if there is none. [int32 (-2147483648 to 2147483647), default -1]"""
    log_start_offset: int
    """The earliest available offset of the follower replica. The field is only used when the request is sent by the follower. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    partition_max_bytes: int
    """The maximum bytes to fetch from this partition. See KIP-74 for cases where this limit may not be honored. [int32 (-2147483648 to 2147483647)]"""


class FetchRequestFetchTopicV12(TaggedFields, total=False, closed=True):
    """``FetchTopic`` of FetchRequest (as in version 12)."""
    topic: str
    """The name of the topic to fetch. [string]"""
    partitions: list[FetchRequestFetchPartitionV12]
    """The partitions to fetch. [array of FetchPartition]"""


class FetchRequestForgottenTopicV12(TaggedFields, total=False, closed=True):
    """``ForgottenTopic`` of FetchRequest (as in version 12)."""
    topic: str
    """The topic name. [string]"""
    partitions: list[int]
    """The partitions indexes to forget. [array of int32 (-2147483648 to 2147483647)]"""


class FetchRequestV12(TaggedFields, total=False, closed=True):
    """FetchRequest version 12: the request body (message, API key 1)."""
    cluster_id: str | None
    """The clusterId if known. This is used to validate metadata fetches prior to broker registration. [string, nullable, tagged field 0, default null]"""
    replica_id: int
    """The broker ID of the follower, of -1 if this request is from a consumer. [int32 (-2147483648 to 2147483647), default -1]"""
    max_wait_ms: int
    """The maximum time in milliseconds to wait for the response. [int32 (-2147483648 to 2147483647)]"""
    min_bytes: int
    """The minimum bytes to accumulate in the response. [int32 (-2147483648 to 2147483647)]"""
    max_bytes: int
    """The maximum bytes to fetch. See KIP-74 for cases where this limit may not be honored. [int32 (-2147483648 to 2147483647), default 2147483647]"""
    isolation_level: int
    """This setting controls the visibility of transactional records. Using READ_UNCOMMITTED (isolation_level = 0) makes all records visible. With READ_COMMITTED (isolation_level = 1), non-transactional and COMMITTED transactional records are visible. To be more concrete, READ_COMMITTED returns all data from offsets smaller than the current LSO (last stable offset), and enables the inclusion of the list of aborted transactions in the result, which allows consumers to discard ABORTED transactional records. [int8 (-128 to 127), default 0]"""
    session_id: int
    """The fetch session ID. [int32 (-2147483648 to 2147483647), default 0]"""
    session_epoch: int
    """The fetch session epoch, which is used for ordering requests in a session. [int32 (-2147483648 to 2147483647), default -1]"""
    topics: list[FetchRequestFetchTopicV12]
    """The topics to fetch. [array of FetchTopic]"""
    forgotten_topics_data: list[FetchRequestForgottenTopicV12]
    """In an incremental fetch request, the partitions to remove. [array of ForgottenTopic]"""
    rack_id: str
    """Rack ID of the consumer making this request. [string, default \"\"]"""


class FetchRequestFetchTopicV13(TaggedFields, total=False, closed=True):
    """``FetchTopic`` of FetchRequest (as in version 13)."""
    topic_id: UUID
    """The unique topic ID. [uuid]"""
    partitions: list[FetchRequestFetchPartitionV12]
    """The partitions to fetch. [array of FetchPartition]"""


class FetchRequestForgottenTopicV13(TaggedFields, total=False, closed=True):
    """``ForgottenTopic`` of FetchRequest (as in version 13)."""
    topic_id: UUID
    """The unique topic ID. [uuid]"""
    partitions: list[int]
    """The partitions indexes to forget. [array of int32 (-2147483648 to 2147483647)]"""


class FetchRequestV13(TaggedFields, total=False, closed=True):
    """FetchRequest version 13: the request body (message, API key 1)."""
    cluster_id: str | None
    """The clusterId if known. This is used to validate metadata fetches prior to broker registration. [string, nullable, tagged field 0, default null]"""
    replica_id: int
    """The broker ID of the follower, of -1 if this request is from a consumer. [int32 (-2147483648 to 2147483647), default -1]"""
    max_wait_ms: int
    """The maximum time in milliseconds to wait for the response. [int32 (-2147483648 to 2147483647)]"""
    min_bytes: int
    """The minimum bytes to accumulate in the response. [int32 (-2147483648 to 2147483647)]"""
    max_bytes: int
    """The maximum bytes to fetch. See KIP-74 for cases where this limit may not be honored. [int32 (-2147483648 to 2147483647), default 2147483647]"""
    isolation_level: int
    """This setting controls the visibility of transactional records. Using READ_UNCOMMITTED (isolation_level = 0) makes all records visible. With READ_COMMITTED (isolation_level = 1), non-transactional and COMMITTED transactional records are visible. To be more concrete, READ_COMMITTED returns all data from offsets smaller than the current LSO (last stable offset), and enables the inclusion of the list of aborted transactions in the result, which allows consumers to discard ABORTED transactional records. [int8 (-128 to 127), default 0]"""
    session_id: int
    """The fetch session ID. [int32 (-2147483648 to 2147483647), default 0]"""
    session_epoch: int
    """The fetch session epoch, which is used for ordering requests in a session. [int32 (-2147483648 to 2147483647), default -1]"""
    topics: list[FetchRequestFetchTopicV13]
    """The topics to fetch. [array of FetchTopic]"""
    forgotten_topics_data: list[FetchRequestForgottenTopicV13]
    """In an incremental fetch request, the partitions to remove. [array of ForgottenTopic]"""
    rack_id: str
    """Rack ID of the consumer making this request. [string, default \"\"]"""

FetchRequestV14 = FetchRequestV13
"""FetchRequest version 14: the request body (message, API key 1)."""


class FetchRequestReplicaStateV15(TaggedFields, total=False, closed=True):
    """``ReplicaState`` of FetchRequest (as in version 15)."""
    replica_id: int
    """The replica ID of the follower, or -1 if this request is from a consumer. [int32 (-2147483648 to 2147483647), default -1]"""
    replica_epoch: int
    """The epoch of this follower, or -1 if not available. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""


class FetchRequestV15(TaggedFields, total=False, closed=True):
    """FetchRequest version 15: the request body (message, API key 1)."""
    cluster_id: str | None
    """The clusterId if known. This is used to validate metadata fetches prior to broker registration. [string, nullable, tagged field 0, default null]"""
    replica_state: FetchRequestReplicaStateV15
    """The state of the replica in the follower. [ReplicaState, tagged field 1]"""
    max_wait_ms: int
    """The maximum time in milliseconds to wait for the response. [int32 (-2147483648 to 2147483647)]"""
    min_bytes: int
    """The minimum bytes to accumulate in the response. [int32 (-2147483648 to 2147483647)]"""
    max_bytes: int
    """The maximum bytes to fetch. See KIP-74 for cases where this limit may not be honored. [int32 (-2147483648 to 2147483647), default 2147483647]"""
    isolation_level: int
    """This setting controls the visibility of transactional records. Using READ_UNCOMMITTED (isolation_level = 0) makes all records visible. With READ_COMMITTED (isolation_level = 1), non-transactional and COMMITTED transactional records are visible. To be more concrete, READ_COMMITTED returns all data from offsets smaller than the current LSO (last stable offset), and enables the inclusion of the list of aborted transactions in the result, which allows consumers to discard ABORTED transactional records. [int8 (-128 to 127), default 0]"""
    session_id: int
    """The fetch session ID. [int32 (-2147483648 to 2147483647), default 0]"""
    session_epoch: int
    """The fetch session epoch, which is used for ordering requests in a session. [int32 (-2147483648 to 2147483647), default -1]"""
    topics: list[FetchRequestFetchTopicV13]
    """The topics to fetch. [array of FetchTopic]"""
    forgotten_topics_data: list[FetchRequestForgottenTopicV13]
    """In an incremental fetch request, the partitions to remove. [array of ForgottenTopic]"""
    rack_id: str
    """Rack ID of the consumer making this request. [string, default \"\"]"""

FetchRequestV16 = FetchRequestV15
"""FetchRequest version 16: the request body (message, API key 1)."""


class FetchRequestFetchPartitionV17(TaggedFields, total=False, closed=True):
    """``FetchPartition`` of FetchRequest (as in version 17)."""
    partition: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    current_leader_epoch: int
    """The current leader epoch of the partition. [int32 (-2147483648 to 2147483647), default -1]"""
    fetch_offset: int
    """The message offset. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    last_fetched_epoch: int
    """The epoch of the last fetched record or -1 if there is none. [int32 (-2147483648 to 2147483647), default -1]"""
    log_start_offset: int
    """The earliest available offset of the follower replica. The field is only used when the request is sent by the follower. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    partition_max_bytes: int
    """The maximum bytes to fetch from this partition. See KIP-74 for cases where this limit may not be honored. [int32 (-2147483648 to 2147483647)]"""
    replica_directory_id: UUID
    """The directory id of the follower fetching. [uuid, tagged field 0]"""


class FetchRequestFetchTopicV17(TaggedFields, total=False, closed=True):
    """``FetchTopic`` of FetchRequest (as in version 17)."""
    topic_id: UUID
    """The unique topic ID. [uuid]"""
    partitions: list[FetchRequestFetchPartitionV17]
    """The partitions to fetch. [array of FetchPartition]"""


class FetchRequestV17(TaggedFields, total=False, closed=True):
    """FetchRequest version 17: the request body (message, API key 1)."""
    cluster_id: str | None
    """The clusterId if known. This is used to validate metadata fetches prior to broker registration. [string, nullable, tagged field 0, default null]"""
    replica_state: FetchRequestReplicaStateV15
    """The state of the replica in the follower. [ReplicaState, tagged field 1]"""
    max_wait_ms: int
    """The maximum time in milliseconds to wait for the response. [int32 (-2147483648 to 2147483647)]"""
    min_bytes: int
    """The minimum bytes to accumulate in the response. [int32 (-2147483648 to 2147483647)]"""
    max_bytes: int
    """The maximum bytes to fetch. See KIP-74 for cases where this limit may not be honored. [int32 (-2147483648 to 2147483647), default 2147483647]"""
    isolation_level: int
    """This setting controls the visibility of transactional records. Using READ_UNCOMMITTED (isolation_level = 0) makes all records visible. With READ_COMMITTED (isolation_level = 1), non-transactional and COMMITTED transactional records are visible. To be more concrete, READ_COMMITTED returns all data from offsets smaller than the current LSO (last stable offset), and enables the inclusion of the list of aborted transactions in the result, which allows consumers to discard ABORTED transactional records. [int8 (-128 to 127), default 0]"""
    session_id: int
    """The fetch session ID. [int32 (-2147483648 to 2147483647), default 0]"""
    session_epoch: int
    """The fetch session epoch, which is used for ordering requests in a session. [int32 (-2147483648 to 2147483647), default -1]"""
    topics: list[FetchRequestFetchTopicV17]
    """The topics to fetch. [array of FetchTopic]"""
    forgotten_topics_data: list[FetchRequestForgottenTopicV13]
    """In an incremental fetch request, the partitions to remove. [array of ForgottenTopic]"""
    rack_id: str
    """Rack ID of the consumer making this request. [string, default \"\"]"""


class FetchRequestFetchPartitionV18(TaggedFields, total=False, closed=True):
    """``FetchPartition`` of FetchRequest (as in version 18)."""
    partition: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    current_leader_epoch: int
    """The current leader epoch of the partition. [int32 (-2147483648 to 2147483647), default -1]"""
    fetch_offset: int
    """The message offset. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    last_fetched_epoch: int
    """The epoch of the last fetched record or -1 if there is none. [int32 (-2147483648 to 2147483647), default -1]"""
    log_start_offset: int
    """The earliest available offset of the follower replica. The field is only used when the request is sent by the follower. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    partition_max_bytes: int
    """The maximum bytes to fetch from this partition. See KIP-74 for cases where this limit may not be honored. [int32 (-2147483648 to 2147483647)]"""
    replica_directory_id: UUID
    """The directory id of the follower fetching. [uuid, tagged field 0]"""
    high_watermark: int
    """The high-watermark known by the replica. -1 if the high-watermark is not known and 9223372036854775807 if the feature is not supported. [int64 (-9223372036854775808 to 9223372036854775807), tagged field 1, default 9223372036854775807]"""


class FetchRequestFetchTopicV18(TaggedFields, total=False, closed=True):
    """``FetchTopic`` of FetchRequest (as in version 18)."""
    topic_id: UUID
    """The unique topic ID. [uuid]"""
    partitions: list[FetchRequestFetchPartitionV18]
    """The partitions to fetch. [array of FetchPartition]"""


class FetchRequestV18(TaggedFields, total=False, closed=True):
    """FetchRequest version 18: the request body (message, API key 1)."""
    cluster_id: str | None
    """The clusterId if known. This is used to validate metadata fetches prior to broker registration. [string, nullable, tagged field 0, default null]"""
    replica_state: FetchRequestReplicaStateV15
    """The state of the replica in the follower. [ReplicaState, tagged field 1]"""
    max_wait_ms: int
    """The maximum time in milliseconds to wait for the response. [int32 (-2147483648 to 2147483647)]"""
    min_bytes: int
    """The minimum bytes to accumulate in the response. [int32 (-2147483648 to 2147483647)]"""
    max_bytes: int
    """The maximum bytes to fetch. See KIP-74 for cases where this limit may not be honored. [int32 (-2147483648 to 2147483647), default 2147483647]"""
    isolation_level: int
    """This setting controls the visibility of transactional records. Using READ_UNCOMMITTED (isolation_level = 0) makes all records visible. With READ_COMMITTED (isolation_level = 1), non-transactional and COMMITTED transactional records are visible. To be more concrete, READ_COMMITTED returns all data from offsets smaller than the current LSO (last stable offset), and enables the inclusion of the list of aborted transactions in the result, which allows consumers to discard ABORTED transactional records. [int8 (-128 to 127), default 0]"""
    session_id: int
    """The fetch session ID. [int32 (-2147483648 to 2147483647), default 0]"""
    session_epoch: int
    """The fetch session epoch, which is used for ordering requests in a session. [int32 (-2147483648 to 2147483647), default -1]"""
    topics: list[FetchRequestFetchTopicV18]
    """The topics to fetch. [array of FetchTopic]"""
    forgotten_topics_data: list[FetchRequestForgottenTopicV13]
    """In an incremental fetch request, the partitions to remove. [array of ForgottenTopic]"""
    rack_id: str
    """Rack ID of the consumer making this request. [string, default \"\"]"""


class FetchResponsePartitionDataV0(TypedDict, total=False, closed=True):
    """``PartitionData`` of FetchResponse (as in version 0)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no fetch error. [int16 (-32768 to 32767)]"""
    high_watermark: int
    """The current high water mark. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    records: RecordSet | None
    """The record data. [records, nullable]"""


class FetchResponseFetchableTopicResponseV0(TypedDict, total=False, closed=True):
    """``FetchableTopicResponse`` of FetchResponse (as in version 0)."""
    topic: str
    """The topic name. [string]"""
    partitions: list[FetchResponsePartitionDataV0]
    """The topic partitions. [array of PartitionData]"""


class FetchResponseV0(TypedDict, total=False, closed=True):
    """FetchResponse version 0: the response body (message, API key 1)."""
    responses: list[FetchResponseFetchableTopicResponseV0]
    """The response topics. [array of FetchableTopicResponse]"""


class FetchResponseV1(TypedDict, total=False, closed=True):
    """FetchResponse version 1: the response body (message, API key 1)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    responses: list[FetchResponseFetchableTopicResponseV0]
    """The response topics. [array of FetchableTopicResponse]"""

FetchResponseV2 = FetchResponseV1
"""FetchResponse version 2: the response body (message, API key 1)."""

FetchResponseV3 = FetchResponseV1
"""FetchResponse version 3: the response body (message, API key 1)."""


class FetchResponseAbortedTransactionV4(TypedDict, total=False, closed=True):
    """``AbortedTransaction`` of FetchResponse (as in version 4)."""
    producer_id: int
    """The producer id associated with the aborted transaction. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    first_offset: int
    """The first offset in the aborted transaction. [int64 (-9223372036854775808 to 9223372036854775807)]"""


class FetchResponsePartitionDataV4(TypedDict, total=False, closed=True):
    """``PartitionData`` of FetchResponse (as in version 4)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no fetch error. [int16 (-32768 to 32767)]"""
    high_watermark: int
    """The current high water mark. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    last_stable_offset: int
    """The last stable offset (or LSO) of the partition. This is the last offset such that the state of all transactional records prior to this offset have been decided (ABORTED or COMMITTED). [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    aborted_transactions: list[FetchResponseAbortedTransactionV4] | None
    """The aborted transactions. [array of AbortedTransaction, nullable]"""
    records: RecordSet | None
    """The record data. [records, nullable]"""


class FetchResponseFetchableTopicResponseV4(TypedDict, total=False, closed=True):
    """``FetchableTopicResponse`` of FetchResponse (as in version 4)."""
    topic: str
    """The topic name. [string]"""
    partitions: list[FetchResponsePartitionDataV4]
    """The topic partitions. [array of PartitionData]"""


class FetchResponseV4(TypedDict, total=False, closed=True):
    """FetchResponse version 4: the response body (message, API key 1)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    responses: list[FetchResponseFetchableTopicResponseV4]
    """The response topics. [array of FetchableTopicResponse]"""


class FetchResponsePartitionDataV5(TypedDict, total=False, closed=True):
    """``PartitionData`` of FetchResponse (as in version 5)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no fetch error. [int16 (-32768 to 32767)]"""
    high_watermark: int
    """The current high water mark. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    last_stable_offset: int
    """The last stable offset (or LSO) of the partition. This is the last offset such that the state of all transactional records prior to this offset have been decided (ABORTED or COMMITTED). [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    log_start_offset: int
    """The current log start offset. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    aborted_transactions: list[FetchResponseAbortedTransactionV4] | None
    """The aborted transactions. [array of AbortedTransaction, nullable]"""
    records: RecordSet | None
    """The record data. [records, nullable]"""


class FetchResponseFetchableTopicResponseV5(TypedDict, total=False, closed=True):
    """``FetchableTopicResponse`` of FetchResponse (as in version 5)."""
    topic: str
    """The topic name. [string]"""
    partitions: list[FetchResponsePartitionDataV5]
    """The topic partitions. [array of PartitionData]"""


class FetchResponseV5(TypedDict, total=False, closed=True):
    """FetchResponse version 5: the response body (message, API key 1)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    responses: list[FetchResponseFetchableTopicResponseV5]
    """The response topics. [array of FetchableTopicResponse]"""

FetchResponseV6 = FetchResponseV5
"""FetchResponse version 6: the response body (message, API key 1)."""


class FetchResponseV7(TypedDict, total=False, closed=True):
    """FetchResponse version 7: the response body (message, API key 1)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The top level response error code. [int16 (-32768 to 32767)]"""
    session_id: int
    """The fetch session ID, or 0 if this is not part of a fetch session. [int32 (-2147483648 to 2147483647), default 0]"""
    responses: list[FetchResponseFetchableTopicResponseV5]
    """The response topics. [array of FetchableTopicResponse]"""

FetchResponseV8 = FetchResponseV7
"""FetchResponse version 8: the response body (message, API key 1)."""

FetchResponseV9 = FetchResponseV7
"""FetchResponse version 9: the response body (message, API key 1)."""

FetchResponseV10 = FetchResponseV7
"""FetchResponse version 10: the response body (message, API key 1)."""


class FetchResponsePartitionDataV11(TypedDict, total=False, closed=True):
    """``PartitionData`` of FetchResponse (as in version 11)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no fetch error. [int16 (-32768 to 32767)]"""
    high_watermark: int
    """The current high water mark. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    last_stable_offset: int
    """The last stable offset (or LSO) of the partition. This is the last offset such that the state of all transactional records prior to this offset have been decided (ABORTED or COMMITTED). [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    log_start_offset: int
    """The current log start offset. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    aborted_transactions: list[FetchResponseAbortedTransactionV4] | None
    """The aborted transactions. [array of AbortedTransaction, nullable]"""
    preferred_read_replica: int
    """The preferred read replica for the consumer to use on its next fetch request. [int32 (-2147483648 to 2147483647), default -1]"""
    records: RecordSet | None
    """The record data. [records, nullable]"""


class FetchResponseFetchableTopicResponseV11(TypedDict, total=False, closed=True):
    """``FetchableTopicResponse`` of FetchResponse (as in version 11)."""
    topic: str
    """The topic name. [string]"""
    partitions: list[FetchResponsePartitionDataV11]
    """The topic partitions. [array of PartitionData]"""


class FetchResponseV11(TypedDict, total=False, closed=True):
    """FetchResponse version 11: the response body (message, API key 1)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The top level response error code. [int16 (-32768 to 32767)]"""
    session_id: int
    """The fetch session ID, or 0 if this is not part of a fetch session. [int32 (-2147483648 to 2147483647), default 0]"""
    responses: list[FetchResponseFetchableTopicResponseV11]
    """The response topics. [array of FetchableTopicResponse]"""


class FetchResponseEpochEndOffsetV12(TaggedFields, total=False, closed=True):
    """``EpochEndOffset`` of FetchResponse (as in version 12)."""
    epoch: int
    """The largest epoch. [int32 (-2147483648 to 2147483647), default -1]"""
    end_offset: int
    """The end offset of the epoch. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""


class FetchResponseLeaderIdAndEpochV12(TaggedFields, total=False, closed=True):
    """``LeaderIdAndEpoch`` of FetchResponse (as in version 12)."""
    leader_id: int
    """The ID of the current leader or -1 if the leader is unknown. [int32 (-2147483648 to 2147483647), default -1]"""
    leader_epoch: int
    """The latest known leader epoch. [int32 (-2147483648 to 2147483647), default -1]"""


class FetchResponseSnapshotIdV12(TaggedFields, total=False, closed=True):
    """``SnapshotId`` of FetchResponse (as in version 12)."""
    end_offset: int
    """The end offset of the epoch. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    epoch: int
    """The largest epoch. [int32 (-2147483648 to 2147483647), default -1]"""


class FetchResponseAbortedTransactionV12(TaggedFields, total=False, closed=True):
    """``AbortedTransaction`` of FetchResponse (as in version 12)."""
    producer_id: int
    """The producer id associated with the aborted transaction. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    first_offset: int
    """The first offset in the aborted transaction. [int64 (-9223372036854775808 to 9223372036854775807)]"""


class FetchResponsePartitionDataV12(TaggedFields, total=False, closed=True):
    """``PartitionData`` of FetchResponse (as in version 12)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no fetch error. [int16 (-32768 to 32767)]"""
    high_watermark: int
    """The current high water mark. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    last_stable_offset: int
    """The last stable offset (or LSO) of the partition. This is the last offset such that the state of all transactional records prior to this offset have been decided (ABORTED or COMMITTED). [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    log_start_offset: int
    """The current log start offset. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    diverging_epoch: FetchResponseEpochEndOffsetV12
    """In case divergence is detected based on the `LastFetchedEpoch` and `FetchOffset` in the request, this field indicates the largest epoch and its end offset such that subsequent records are known to diverge. [EpochEndOffset, tagged field 0]"""
    current_leader: FetchResponseLeaderIdAndEpochV12
    """The current leader of the partition. [LeaderIdAndEpoch, tagged field 1]"""
    snapshot_id: FetchResponseSnapshotIdV12
    """In the case of fetching an offset less than the LogStartOffset, this is the end offset and epoch that should be used in the FetchSnapshot request. [SnapshotId, tagged field 2]"""
    aborted_transactions: list[FetchResponseAbortedTransactionV12] | None
    """The aborted transactions. [array of AbortedTransaction, nullable]"""
    preferred_read_replica: int
    """The preferred read replica for the consumer to use on its next fetch request. [int32 (-2147483648 to 2147483647), default -1]"""
    records: RecordSet | None
    """The record data. [records, nullable]"""


class FetchResponseFetchableTopicResponseV12(TaggedFields, total=False, closed=True):
    """``FetchableTopicResponse`` of FetchResponse (as in version 12)."""
    topic: str
    """The topic name. [string]"""
    partitions: list[FetchResponsePartitionDataV12]
    """The topic partitions. [array of PartitionData]"""


class FetchResponseV12(TaggedFields, total=False, closed=True):
    """FetchResponse version 12: the response body (message, API key 1)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The top level response error code. [int16 (-32768 to 32767)]"""
    session_id: int
    """The fetch session ID, or 0 if this is not part of a fetch session. [int32 (-2147483648 to 2147483647), default 0]"""
    responses: list[FetchResponseFetchableTopicResponseV12]
    """The response topics. [array of FetchableTopicResponse]"""


class FetchResponseFetchableTopicResponseV13(TaggedFields, total=False, closed=True):
    """``FetchableTopicResponse`` of FetchResponse (as in version 13)."""
    topic_id: UUID
    """The unique topic ID. [uuid]"""
    partitions: list[FetchResponsePartitionDataV12]
    """The topic partitions. [array of PartitionData]"""


class FetchResponseV13(TaggedFields, total=False, closed=True):
    """FetchResponse version 13: the response body (message, API key 1)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The top level response error code. [int16 (-32768 to 32767)]"""
    session_id: int
    """The fetch session ID, or 0 if this is not part of a fetch session. [int32 (-2147483648 to 2147483647), default 0]"""
    responses: list[FetchResponseFetchableTopicResponseV13]
    """The response topics. [array of FetchableTopicResponse]"""

FetchResponseV14 = FetchResponseV13
"""FetchResponse version 14: the response body (message, API key 1)."""

FetchResponseV15 = FetchResponseV13
"""FetchResponse version 15: the response body (message, API key 1)."""


class FetchResponseNodeEndpointV16(TaggedFields, total=False, closed=True):
    """``NodeEndpoint`` of FetchResponse (as in version 16)."""
    node_id: int
    """The ID of the associated node. [int32 (-2147483648 to 2147483647)]"""
    host: str
    """The node's hostname. [string]"""
    port: int
    """The node's port. [int32 (-2147483648 to 2147483647)]"""
    rack: str | None
    """The rack of the node, or null if it has not been assigned to a rack. [string, nullable, default null]"""


class FetchResponseV16(TaggedFields, total=False, closed=True):
    """FetchResponse version 16: the response body (message, API key 1)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The top level response error code. [int16 (-32768 to 32767)]"""
    session_id: int
    """The fetch session ID, or 0 if this is not part of a fetch session. [int32 (-2147483648 to 2147483647), default 0]"""
    responses: list[FetchResponseFetchableTopicResponseV13]
    """The response topics. [array of FetchableTopicResponse]"""
    node_endpoints: list[FetchResponseNodeEndpointV16]
    """Endpoints for all current-leaders enumerated in PartitionData, with errors NOT_LEADER_OR_FOLLOWER & FENCED_LEADER_EPOCH. [array of NodeEndpoint, tagged field 0]"""

FetchResponseV17 = FetchResponseV16
"""FetchResponse version 17: the response body (message, API key 1)."""

FetchResponseV18 = FetchResponseV16
"""FetchResponse version 18: the response body (message, API key 1)."""


class FetchSnapshotRequestSnapshotIdV0(TaggedFields, total=False, closed=True):
    """``SnapshotId`` of FetchSnapshotRequest (as in version 0)."""
    end_offset: int
    """The end offset of the snapshot. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    epoch: int
    """The epoch of the snapshot. [int32 (-2147483648 to 2147483647)]"""


class FetchSnapshotRequestPartitionSnapshotV0(TaggedFields, total=False, closed=True):
    """``PartitionSnapshot`` of FetchSnapshotRequest (as in version 0)."""
    partition: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    current_leader_epoch: int
    """The current leader epoch of the partition, -1 for unknown leader epoch. [int32 (-2147483648 to 2147483647)]"""
    snapshot_id: FetchSnapshotRequestSnapshotIdV0
    """The snapshot endOffset and epoch to fetch. [SnapshotId]"""
    position: int
    """The byte position within the snapshot to start fetching from. [int64 (-9223372036854775808 to 9223372036854775807)]"""


class FetchSnapshotRequestTopicSnapshotV0(TaggedFields, total=False, closed=True):
    """``TopicSnapshot`` of FetchSnapshotRequest (as in version 0)."""
    name: str
    """The name of the topic to fetch. [string]"""
    partitions: list[FetchSnapshotRequestPartitionSnapshotV0]
    """The partitions to fetch. [array of PartitionSnapshot]"""


class FetchSnapshotRequestV0(TaggedFields, total=False, closed=True):
    """FetchSnapshotRequest version 0: the request body (message, API key 59)."""
    cluster_id: str | None
    """The clusterId if known, this is used to validate metadata fetches prior to broker registration. [string, nullable, tagged field 0, default null]"""
    replica_id: int
    """The broker ID of the follower. [int32 (-2147483648 to 2147483647), default -1]"""
    max_bytes: int
    """The maximum bytes to fetch from all of the snapshots. [int32 (-2147483648 to 2147483647), default 2147483647]"""
    topics: list[FetchSnapshotRequestTopicSnapshotV0]
    """The topics to fetch. [array of TopicSnapshot]"""


class FetchSnapshotRequestPartitionSnapshotV1(TaggedFields, total=False, closed=True):
    """``PartitionSnapshot`` of FetchSnapshotRequest (as in version 1)."""
    partition: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    current_leader_epoch: int
    """The current leader epoch of the partition, -1 for unknown leader epoch. [int32 (-2147483648 to 2147483647)]"""
    snapshot_id: FetchSnapshotRequestSnapshotIdV0
    """The snapshot endOffset and epoch to fetch. [SnapshotId]"""
    position: int
    """The byte position within the snapshot to start fetching from. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    replica_directory_id: UUID
    """The directory id of the follower fetching. [uuid, tagged field 0]"""


class FetchSnapshotRequestTopicSnapshotV1(TaggedFields, total=False, closed=True):
    """``TopicSnapshot`` of FetchSnapshotRequest (as in version 1)."""
    name: str
    """The name of the topic to fetch. [string]"""
    partitions: list[FetchSnapshotRequestPartitionSnapshotV1]
    """The partitions to fetch. [array of PartitionSnapshot]"""


class FetchSnapshotRequestV1(TaggedFields, total=False, closed=True):
    """FetchSnapshotRequest version 1: the request body (message, API key 59)."""
    cluster_id: str | None
    """The clusterId if known, this is used to validate metadata fetches prior to broker registration. [string, nullable, tagged field 0, default null]"""
    replica_id: int
    """The broker ID of the follower. [int32 (-2147483648 to 2147483647), default -1]"""
    max_bytes: int
    """The maximum bytes to fetch from all of the snapshots. [int32 (-2147483648 to 2147483647), default 2147483647]"""
    topics: list[FetchSnapshotRequestTopicSnapshotV1]
    """The topics to fetch. [array of TopicSnapshot]"""


class FetchSnapshotResponseSnapshotIdV0(TaggedFields, total=False, closed=True):
    """``SnapshotId`` of FetchSnapshotResponse (as in version 0)."""
    end_offset: int
    """The snapshot end offset. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    epoch: int
    """The snapshot epoch. [int32 (-2147483648 to 2147483647)]"""


class FetchSnapshotResponseLeaderIdAndEpochV0(TaggedFields, total=False, closed=True):
    """``LeaderIdAndEpoch`` of FetchSnapshotResponse (as in version 0)."""
    leader_id: int
    """The ID of the current leader or -1 if the leader is unknown. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The latest known leader epoch. [int32 (-2147483648 to 2147483647)]"""


class FetchSnapshotResponsePartitionSnapshotV0(TaggedFields, total=False, closed=True):
    """``PartitionSnapshot`` of FetchSnapshotResponse (as in version 0)."""
    index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no fetch error. [int16 (-32768 to 32767)]"""
    snapshot_id: FetchSnapshotResponseSnapshotIdV0
    """The snapshot endOffset and epoch fetched. [SnapshotId]"""
    current_leader: FetchSnapshotResponseLeaderIdAndEpochV0
    """The leader of the partition at the time of the snapshot. [LeaderIdAndEpoch, tagged field 0]"""
    size: int
    """The total size of the snapshot. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    position: int
    """The starting byte position within the snapshot included in the Bytes field. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    unaligned_records: Required[RecordSet]
    """Snapshot data in records format which may not be aligned on an offset boundary. [records]"""


class FetchSnapshotResponseTopicSnapshotV0(TaggedFields, total=False, closed=True):
    """``TopicSnapshot`` of FetchSnapshotResponse (as in version 0)."""
    name: str
    """The name of the topic to fetch. [string]"""
    partitions: list[FetchSnapshotResponsePartitionSnapshotV0]
    """The partitions to fetch. [array of PartitionSnapshot]"""


class FetchSnapshotResponseV0(TaggedFields, total=False, closed=True):
    """FetchSnapshotResponse version 0: the response body (message, API key 59)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The top level response error code. [int16 (-32768 to 32767)]"""
    topics: list[FetchSnapshotResponseTopicSnapshotV0]
    """The topics to fetch. [array of TopicSnapshot]"""


class FetchSnapshotResponseNodeEndpointV1(TaggedFields, total=False, closed=True):
    """``NodeEndpoint`` of FetchSnapshotResponse (as in version 1)."""
    node_id: int
    """The ID of the associated node. [int32 (-2147483648 to 2147483647)]"""
    host: str
    """The node's hostname. [string]"""
    port: int
    """The node's port. [uint16 (0 to 65535)]"""


class FetchSnapshotResponseV1(TaggedFields, total=False, closed=True):
    """FetchSnapshotResponse version 1: the response body (message, API key 59)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The top level response error code. [int16 (-32768 to 32767)]"""
    topics: list[FetchSnapshotResponseTopicSnapshotV0]
    """The topics to fetch. [array of TopicSnapshot]"""
    node_endpoints: list[FetchSnapshotResponseNodeEndpointV1]
    """Endpoints for all current-leaders enumerated in PartitionSnapshot. [array of NodeEndpoint, tagged field 0]"""


class FindCoordinatorRequestV0(TypedDict, total=False, closed=True):
    """FindCoordinatorRequest version 0: the request body (message, API key 10)."""
    key: str
    """The coordinator key. [string]"""


class FindCoordinatorRequestV1(TypedDict, total=False, closed=True):
    """FindCoordinatorRequest version 1: the request body (message, API key 10)."""
    key: str
    """The coordinator key. [string]"""
    key_type: int
    """The coordinator key type. (group, transaction, share). [int8 (-128 to 127), default 0]"""

FindCoordinatorRequestV2 = FindCoordinatorRequestV1
"""FindCoordinatorRequest version 2: the request body (message, API key 10)."""


class FindCoordinatorRequestV3(TaggedFields, total=False, closed=True):
    """FindCoordinatorRequest version 3: the request body (message, API key 10)."""
    key: str
    """The coordinator key. [string]"""
    key_type: int
    """The coordinator key type. (group, transaction, share). [int8 (-128 to 127), default 0]"""


class FindCoordinatorRequestV4(TaggedFields, total=False, closed=True):
    """FindCoordinatorRequest version 4: the request body (message, API key 10)."""
    key_type: int
    """The coordinator key type. (group, transaction, share). [int8 (-128 to 127), default 0]"""
    coordinator_keys: list[str]
    """The coordinator keys. [array of string]"""

FindCoordinatorRequestV5 = FindCoordinatorRequestV4
"""FindCoordinatorRequest version 5: the request body (message, API key 10)."""

FindCoordinatorRequestV6 = FindCoordinatorRequestV4
"""FindCoordinatorRequest version 6: the request body (message, API key 10)."""


class FindCoordinatorResponseV0(TypedDict, total=False, closed=True):
    """FindCoordinatorResponse version 0: the response body (message, API key 10)."""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    node_id: int
    """The node id. [int32 (-2147483648 to 2147483647)]"""
    host: str
    """The host name. [string]"""
    port: int
    """The port. [int32 (-2147483648 to 2147483647)]"""


class FindCoordinatorResponseV1(TypedDict, total=False, closed=True):
    """FindCoordinatorResponse version 1: the response body (message, API key 10)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The error message, or null if there was no error. [string, nullable]"""
    node_id: int
    """The node id. [int32 (-2147483648 to 2147483647)]"""
    host: str
    """The host name. [string]"""
    port: int
    """The port. [int32 (-2147483648 to 2147483647)]"""

FindCoordinatorResponseV2 = FindCoordinatorResponseV1
"""FindCoordinatorResponse version 2: the response body (message, API key 10)."""


class FindCoordinatorResponseV3(TaggedFields, total=False, closed=True):
    """FindCoordinatorResponse version 3: the response body (message, API key 10)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The error message, or null if there was no error. [string, nullable]"""
    node_id: int
    """The node id. [int32 (-2147483648 to 2147483647)]"""
    host: str
    """The host name. [string]"""
    port: int
    """The port. [int32 (-2147483648 to 2147483647)]"""


class FindCoordinatorResponseCoordinatorV4(TaggedFields, total=False, closed=True):
    """``Coordinator`` of FindCoordinatorResponse (as in version 4)."""
    key: str
    """The coordinator key. [string]"""
    node_id: int
    """The node id. [int32 (-2147483648 to 2147483647)]"""
    host: str
    """The host name. [string]"""
    port: int
    """The port. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The error message, or null if there was no error. [string, nullable]"""


class FindCoordinatorResponseV4(TaggedFields, total=False, closed=True):
    """FindCoordinatorResponse version 4: the response body (message, API key 10)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    coordinators: list[FindCoordinatorResponseCoordinatorV4]
    """Each coordinator result in the response. [array of Coordinator]"""

FindCoordinatorResponseV5 = FindCoordinatorResponseV4
"""FindCoordinatorResponse version 5: the response body (message, API key 10)."""

FindCoordinatorResponseV6 = FindCoordinatorResponseV4
"""FindCoordinatorResponse version 6: the response body (message, API key 10)."""


class GetTelemetrySubscriptionsRequestV0(TaggedFields, total=False, closed=True):
    """GetTelemetrySubscriptionsRequest version 0: the request body (message, API key 71)."""
    client_instance_id: UUID
    """Unique id for this client instance, must be set to 0 on the first request. [uuid]"""


class GetTelemetrySubscriptionsResponseV0(TaggedFields, total=False, closed=True):
    """GetTelemetrySubscriptionsResponse version 0: the response body (message, API key 71)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    client_instance_id: UUID
    """Assigned client instance id if ClientInstanceId was 0 in the request, else 0. [uuid]"""
    subscription_id: int
    """Unique identifier for the current subscription set for this client instance. [int32 (-2147483648 to 2147483647)]"""
    accepted_compression_types: list[int]
    """Compression types that broker accepts for the PushTelemetryRequest. [array of int8 (-128 to 127)]"""
    push_interval_ms: int
    """Configured push interval, which is the lowest configured interval in the current subscription set. [int32 (-2147483648 to 2147483647)]"""
    telemetry_max_bytes: int
    """The maximum bytes of binary data the broker accepts in PushTelemetryRequest. [int32 (-2147483648 to 2147483647)]"""
    delta_temporality: bool
    """Flag to indicate monotonic/counter metrics are to be emitted as deltas or cumulative values. [bool]"""
    requested_metrics: list[str]
    """Requested metrics prefix string match. Empty array: No metrics subscribed, Array[0] empty string: All metrics subscribed. [array of string]"""


class HeartbeatRequestV0(TypedDict, total=False, closed=True):
    """HeartbeatRequest version 0: the request body (message, API key 12)."""
    group_id: str
    """The group id. [string]"""
    generation_id: int
    """The generation of the group. [int32 (-2147483648 to 2147483647)]"""
    member_id: str
    """The member ID. [string]"""

HeartbeatRequestV1 = HeartbeatRequestV0
"""HeartbeatRequest version 1: the request body (message, API key 12)."""

HeartbeatRequestV2 = HeartbeatRequestV0
"""HeartbeatRequest version 2: the request body (message, API key 12)."""


class HeartbeatRequestV3(TypedDict, total=False, closed=True):
    """HeartbeatRequest version 3: the request body (message, API key 12)."""
    group_id: str
    """The group id. [string]"""
    generation_id: int
    """The generation of the group. [int32 (-2147483648 to 2147483647)]"""
    member_id: str
    """The member ID. [string]"""
    group_instance_id: str | None
    """The unique identifier of the consumer instance provided by end user. [string, nullable, default null]"""


class HeartbeatRequestV4(TaggedFields, total=False, closed=True):
    """HeartbeatRequest version 4: the request body (message, API key 12)."""
    group_id: str
    """The group id. [string]"""
    generation_id: int
    """The generation of the group. [int32 (-2147483648 to 2147483647)]"""
    member_id: str
    """The member ID. [string]"""
    group_instance_id: str | None
    """The unique identifier of the consumer instance provided by end user. [string, nullable, default null]"""


class HeartbeatResponseV0(TypedDict, total=False, closed=True):
    """HeartbeatResponse version 0: the response body (message, API key 12)."""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""


class HeartbeatResponseV1(TypedDict, total=False, closed=True):
    """HeartbeatResponse version 1: the response body (message, API key 12)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""

HeartbeatResponseV2 = HeartbeatResponseV1
"""HeartbeatResponse version 2: the response body (message, API key 12)."""

HeartbeatResponseV3 = HeartbeatResponseV1
"""HeartbeatResponse version 3: the response body (message, API key 12)."""


class HeartbeatResponseV4(TaggedFields, total=False, closed=True):
    """HeartbeatResponse version 4: the response body (message, API key 12)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""


class IncrementalAlterConfigsRequestAlterableConfigV0(TypedDict, total=False, closed=True):
    """``AlterableConfig`` of IncrementalAlterConfigsRequest (as in version 0)."""
    name: str
    """The configuration key name. [string]"""
    config_operation: int
    """The type (Set, Delete, Append, Subtract) of operation. [int8 (-128 to 127)]"""
    value: str | None
    """The value to set for the configuration key. [string, nullable]"""


class IncrementalAlterConfigsRequestAlterConfigsResourceV0(TypedDict, total=False, closed=True):
    """``AlterConfigsResource`` of IncrementalAlterConfigsRequest (as in version 0)."""
    resource_type: int
    """The resource type. [int8 (-128 to 127)]"""
    resource_name: str
    """The resource name. [string]"""
    configs: list[IncrementalAlterConfigsRequestAlterableConfigV0]
    """The configurations. [array of AlterableConfig]"""


class IncrementalAlterConfigsRequestV0(TypedDict, total=False, closed=True):
    """IncrementalAlterConfigsRequest version 0: the request body (message, API key 44)."""
    resources: list[IncrementalAlterConfigsRequestAlterConfigsResourceV0]
    """The incremental updates for each resource. [array of AlterConfigsResource]"""
    validate_only: bool
    """True if we should validate the request, but not change the configurations. [bool]"""


class IncrementalAlterConfigsRequestAlterableConfigV1(TaggedFields, total=False, closed=True):
    """``AlterableConfig`` of IncrementalAlterConfigsRequest (as in version 1)."""
    name: str
    """The configuration key name. [string]"""
    config_operation: int
    """The type (Set, Delete, Append, Subtract) of operation. [int8 (-128 to 127)]"""
    value: str | None
    """The value to set for the configuration key. [string, nullable]"""


class IncrementalAlterConfigsRequestAlterConfigsResourceV1(TaggedFields, total=False, closed=True):
    """``AlterConfigsResource`` of IncrementalAlterConfigsRequest (as in version 1)."""
    resource_type: int
    """The resource type. [int8 (-128 to 127)]"""
    resource_name: str
    """The resource name. [string]"""
    configs: list[IncrementalAlterConfigsRequestAlterableConfigV1]
    """The configurations. [array of AlterableConfig]"""


class IncrementalAlterConfigsRequestV1(TaggedFields, total=False, closed=True):
    """IncrementalAlterConfigsRequest version 1: the request body (message, API key 44)."""
    resources: list[IncrementalAlterConfigsRequestAlterConfigsResourceV1]
    """The incremental updates for each resource. [array of AlterConfigsResource]"""
    validate_only: bool
    """True if we should validate the request, but not change the configurations. [bool]"""


class IncrementalAlterConfigsResponseAlterConfigsResourceResponseV0(TypedDict, total=False, closed=True):
    """``AlterConfigsResourceResponse`` of IncrementalAlterConfigsResponse (as in version 0)."""
    error_code: int
    """The resource error code. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The resource error message, or null if there was no error. [string, nullable]"""
    resource_type: int
    """The resource type. [int8 (-128 to 127)]"""
    resource_name: str
    """The resource name. [string]"""


class IncrementalAlterConfigsResponseV0(TypedDict, total=False, closed=True):
    """IncrementalAlterConfigsResponse version 0: the response body (message, API key 44)."""
    throttle_time_ms: int
    """Duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    responses: list[IncrementalAlterConfigsResponseAlterConfigsResourceResponseV0]
    """The responses for each resource. [array of AlterConfigsResourceResponse]"""


class IncrementalAlterConfigsResponseAlterConfigsResourceResponseV1(TaggedFields, total=False, closed=True):
    """``AlterConfigsResourceResponse`` of IncrementalAlterConfigsResponse (as in version 1)."""
    error_code: int
    """The resource error code. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The resource error message, or null if there was no error. [string, nullable]"""
    resource_type: int
    """The resource type. [int8 (-128 to 127)]"""
    resource_name: str
    """The resource name. [string]"""


class IncrementalAlterConfigsResponseV1(TaggedFields, total=False, closed=True):
    """IncrementalAlterConfigsResponse version 1: the response body (message, API key 44)."""
    throttle_time_ms: int
    """Duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    responses: list[IncrementalAlterConfigsResponseAlterConfigsResourceResponseV1]
    """The responses for each resource. [array of AlterConfigsResourceResponse]"""


class InitProducerIdRequestV0(TypedDict, total=False, closed=True):
    """InitProducerIdRequest version 0: the request body (message, API key 22)."""
    transactional_id: str | None
    """The transactional id, or null if the producer is not transactional. [string, nullable]"""
    transaction_timeout_ms: int
    """The time in ms to wait before aborting idle transactions sent by this producer. This is only relevant if a TransactionalId has been defined. [int32 (-2147483648 to 2147483647)]"""

InitProducerIdRequestV1 = InitProducerIdRequestV0
"""InitProducerIdRequest version 1: the request body (message, API key 22)."""


class InitProducerIdRequestV2(TaggedFields, total=False, closed=True):
    """InitProducerIdRequest version 2: the request body (message, API key 22)."""
    transactional_id: str | None
    """The transactional id, or null if the producer is not transactional. [string, nullable]"""
    transaction_timeout_ms: int
    """The time in ms to wait before aborting idle transactions sent by this producer. This is only relevant if a TransactionalId has been defined. [int32 (-2147483648 to 2147483647)]"""


class InitProducerIdRequestV3(TaggedFields, total=False, closed=True):
    """InitProducerIdRequest version 3: the request body (message, API key 22)."""
    transactional_id: str | None
    """The transactional id, or null if the producer is not transactional. [string, nullable]"""
    transaction_timeout_ms: int
    """The time in ms to wait before aborting idle transactions sent by this producer. This is only relevant if a TransactionalId has been defined. [int32 (-2147483648 to 2147483647)]"""
    producer_id: int
    """The producer id. This is used to disambiguate requests if a transactional id is reused following its expiration. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    producer_epoch: int
    """The producer's current epoch. This will be checked against the producer epoch on the broker, and the request will return an error if they do not match. [int16 (-32768 to 32767), default -1]"""

InitProducerIdRequestV4 = InitProducerIdRequestV3
"""InitProducerIdRequest version 4: the request body (message, API key 22)."""

InitProducerIdRequestV5 = InitProducerIdRequestV3
"""InitProducerIdRequest version 5: the request body (message, API key 22)."""


class InitProducerIdRequestV6(TaggedFields, total=False, closed=True):
    """InitProducerIdRequest version 6: the request body (message, API key 22)."""
    transactional_id: str | None
    """The transactional id, or null if the producer is not transactional. [string, nullable]"""
    transaction_timeout_ms: int
    """The time in ms to wait before aborting idle transactions sent by this producer. This is only relevant if a TransactionalId has been defined. [int32 (-2147483648 to 2147483647)]"""
    producer_id: int
    """The producer id. This is used to disambiguate requests if a transactional id is reused following its expiration. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    producer_epoch: int
    """The producer's current epoch. This will be checked against the producer epoch on the broker, and the request will return an error if they do not match. [int16 (-32768 to 32767), default -1]"""
    enable_2pc: bool
    """True if the client wants to enable two-phase commit (2PC) protocol for transactions. [bool, default false]"""
    keep_prepared_txn: bool
    """True if the client wants to keep the currently ongoing transaction instead of aborting it. [bool, default false]"""


class InitProducerIdResponseV0(TypedDict, total=False, closed=True):
    """InitProducerIdResponse version 0: the response body (message, API key 22)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    producer_id: int
    """The current producer id. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    producer_epoch: int
    """The current epoch associated with the producer id. [int16 (-32768 to 32767)]"""

InitProducerIdResponseV1 = InitProducerIdResponseV0
"""InitProducerIdResponse version 1: the response body (message, API key 22)."""


class InitProducerIdResponseV2(TaggedFields, total=False, closed=True):
    """InitProducerIdResponse version 2: the response body (message, API key 22)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    producer_id: int
    """The current producer id. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    producer_epoch: int
    """The current epoch associated with the producer id. [int16 (-32768 to 32767)]"""

InitProducerIdResponseV3 = InitProducerIdResponseV2
"""InitProducerIdResponse version 3: the response body (message, API key 22)."""

InitProducerIdResponseV4 = InitProducerIdResponseV2
"""InitProducerIdResponse version 4: the response body (message, API key 22)."""

InitProducerIdResponseV5 = InitProducerIdResponseV2
"""InitProducerIdResponse version 5: the response body (message, API key 22)."""


class InitProducerIdResponseV6(TaggedFields, total=False, closed=True):
    """InitProducerIdResponse version 6: the response body (message, API key 22)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    producer_id: int
    """The current producer id. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    producer_epoch: int
    """The current epoch associated with the producer id. [int16 (-32768 to 32767)]"""
    ongoing_txn_producer_id: int
    """The producer id for ongoing transaction when KeepPreparedTxn is used, -1 if there is no transaction ongoing. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    ongoing_txn_producer_epoch: int
    """The epoch associated with the producer id for ongoing transaction when KeepPreparedTxn is used, -1 if there is no transaction ongoing. [int16 (-32768 to 32767), default -1]"""


class InitializeShareGroupStateRequestPartitionDataV0(TaggedFields, total=False, closed=True):
    """``PartitionData`` of InitializeShareGroupStateRequest (as in version 0)."""
    partition: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    state_epoch: int
    """The state epoch for this share-partition. [int32 (-2147483648 to 2147483647)]"""
    start_offset: int
    """The share-partition start offset, or -1 if the start offset is not being initialized. [int64 (-9223372036854775808 to 9223372036854775807)]"""


class InitializeShareGroupStateRequestInitializeStateDataV0(TaggedFields, total=False, closed=True):
    """``InitializeStateData`` of InitializeShareGroupStateRequest (as in version 0)."""
    topic_id: UUID
    """The topic identifier. [uuid]"""
    partitions: list[InitializeShareGroupStateRequestPartitionDataV0]
    """The data for the partitions. [array of PartitionData]"""


class InitializeShareGroupStateRequestV0(TaggedFields, total=False, closed=True):
    """InitializeShareGroupStateRequest version 0: the request body (message, API key 83)."""
    group_id: str
    """The group identifier. [string]"""
    topics: list[InitializeShareGroupStateRequestInitializeStateDataV0]
    """The data for the topics. [array of InitializeStateData]"""


class InitializeShareGroupStateResponsePartitionResultV0(TaggedFields, total=False, closed=True):
    """``PartitionResult`` of InitializeShareGroupStateResponse (as in version 0)."""
    partition: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The error message, or null if there was no error. [string, nullable, default null]"""


class InitializeShareGroupStateResponseInitializeStateResultV0(TaggedFields, total=False, closed=True):
    """``InitializeStateResult`` of InitializeShareGroupStateResponse (as in version 0)."""
    topic_id: UUID
    """The topic identifier. [uuid]"""
    partitions: list[InitializeShareGroupStateResponsePartitionResultV0]
    """The results for the partitions. [array of PartitionResult]"""


class InitializeShareGroupStateResponseV0(TaggedFields, total=False, closed=True):
    """InitializeShareGroupStateResponse version 0: the response body (message, API key 83)."""
    results: list[InitializeShareGroupStateResponseInitializeStateResultV0]
    """The initialization results. [array of InitializeStateResult]"""


class JoinGroupRequestProtocolV0(TypedDict, total=False, closed=True):
    """``JoinGroupRequestProtocol`` of JoinGroupRequest (as in version 0)."""
    name: str
    """The protocol name. [string]"""
    metadata: bytes
    """The protocol metadata. [bytes]"""


class JoinGroupRequestV0(TypedDict, total=False, closed=True):
    """JoinGroupRequest version 0: the request body (message, API key 11)."""
    group_id: str
    """The group identifier. [string]"""
    session_timeout_ms: int
    """The coordinator considers the consumer dead if it receives no heartbeat after this timeout in milliseconds. [int32 (-2147483648 to 2147483647)]"""
    member_id: str
    """The member id assigned by the group coordinator. [string]"""
    protocol_type: str
    """The unique name the for class of protocols implemented by the group we want to join. [string]"""
    protocols: list[JoinGroupRequestProtocolV0]
    """The list of protocols that the member supports. [array of JoinGroupRequestProtocol]"""


class JoinGroupRequestV1(TypedDict, total=False, closed=True):
    """JoinGroupRequest version 1: the request body (message, API key 11)."""
    group_id: str
    """The group identifier. [string]"""
    session_timeout_ms: int
    """The coordinator considers the consumer dead if it receives no heartbeat after this timeout in milliseconds. [int32 (-2147483648 to 2147483647)]"""
    rebalance_timeout_ms: int
    """The maximum time in milliseconds that the coordinator will wait for each member to rejoin when rebalancing the group. [int32 (-2147483648 to 2147483647), default -1]"""
    member_id: str
    """The member id assigned by the group coordinator. [string]"""
    protocol_type: str
    """The unique name the for class of protocols implemented by the group we want to join. [string]"""
    protocols: list[JoinGroupRequestProtocolV0]
    """The list of protocols that the member supports. [array of JoinGroupRequestProtocol]"""

JoinGroupRequestV2 = JoinGroupRequestV1
"""JoinGroupRequest version 2: the request body (message, API key 11)."""

JoinGroupRequestV3 = JoinGroupRequestV1
"""JoinGroupRequest version 3: the request body (message, API key 11)."""

JoinGroupRequestV4 = JoinGroupRequestV1
"""JoinGroupRequest version 4: the request body (message, API key 11)."""


class JoinGroupRequestV5(TypedDict, total=False, closed=True):
    """JoinGroupRequest version 5: the request body (message, API key 11)."""
    group_id: str
    """The group identifier. [string]"""
    session_timeout_ms: int
    """The coordinator considers the consumer dead if it receives no heartbeat after this timeout in milliseconds. [int32 (-2147483648 to 2147483647)]"""
    rebalance_timeout_ms: int
    """The maximum time in milliseconds that the coordinator will wait for each member to rejoin when rebalancing the group. [int32 (-2147483648 to 2147483647), default -1]"""
    member_id: str
    """The member id assigned by the group coordinator. [string]"""
    group_instance_id: str | None
    """The unique identifier of the consumer instance provided by end user. [string, nullable, default null]"""
    protocol_type: str
    """The unique name the for class of protocols implemented by the group we want to join. [string]"""
    protocols: list[JoinGroupRequestProtocolV0]
    """The list of protocols that the member supports. [array of JoinGroupRequestProtocol]"""


class JoinGroupRequestProtocolV6(TaggedFields, total=False, closed=True):
    """``JoinGroupRequestProtocol`` of JoinGroupRequest (as in version 6)."""
    name: str
    """The protocol name. [string]"""
    metadata: bytes
    """The protocol metadata. [bytes]"""


class JoinGroupRequestV6(TaggedFields, total=False, closed=True):
    """JoinGroupRequest version 6: the request body (message, API key 11)."""
    group_id: str
    """The group identifier. [string]"""
    session_timeout_ms: int
    """The coordinator considers the consumer dead if it receives no heartbeat after this timeout in milliseconds. [int32 (-2147483648 to 2147483647)]"""
    rebalance_timeout_ms: int
    """The maximum time in milliseconds that the coordinator will wait for each member to rejoin when rebalancing the group. [int32 (-2147483648 to 2147483647), default -1]"""
    member_id: str
    """The member id assigned by the group coordinator. [string]"""
    group_instance_id: str | None
    """The unique identifier of the consumer instance provided by end user. [string, nullable, default null]"""
    protocol_type: str
    """The unique name the for class of protocols implemented by the group we want to join. [string]"""
    protocols: list[JoinGroupRequestProtocolV6]
    """The list of protocols that the member supports. [array of JoinGroupRequestProtocol]"""

JoinGroupRequestV7 = JoinGroupRequestV6
"""JoinGroupRequest version 7: the request body (message, API key 11)."""


class JoinGroupRequestV8(TaggedFields, total=False, closed=True):
    """JoinGroupRequest version 8: the request body (message, API key 11)."""
    group_id: str
    """The group identifier. [string]"""
    session_timeout_ms: int
    """The coordinator considers the consumer dead if it receives no heartbeat after this timeout in milliseconds. [int32 (-2147483648 to 2147483647)]"""
    rebalance_timeout_ms: int
    """The maximum time in milliseconds that the coordinator will wait for each member to rejoin when rebalancing the group. [int32 (-2147483648 to 2147483647), default -1]"""
    member_id: str
    """The member id assigned by the group coordinator. [string]"""
    group_instance_id: str | None
    """The unique identifier of the consumer instance provided by end user. [string, nullable, default null]"""
    protocol_type: str
    """The unique name the for class of protocols implemented by the group we want to join. [string]"""
    protocols: list[JoinGroupRequestProtocolV6]
    """The list of protocols that the member supports. [array of JoinGroupRequestProtocol]"""
    reason: str | None
    """The reason why the member (re-)joins the group. [string, nullable, default null]"""

JoinGroupRequestV9 = JoinGroupRequestV8
"""JoinGroupRequest version 9: the request body (message, API key 11)."""


class JoinGroupResponseMemberV0(TypedDict, total=False, closed=True):
    """``JoinGroupResponseMember`` of JoinGroupResponse (as in version 0)."""
    member_id: str
    """The group member ID. [string]"""
    metadata: bytes
    """The group member metadata. [bytes]"""


class JoinGroupResponseV0(TypedDict, total=False, closed=True):
    """JoinGroupResponse version 0: the response body (message, API key 11)."""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    generation_id: int
    """The generation ID of the group. [int32 (-2147483648 to 2147483647), default -1]"""
    protocol_name: str
    """The group protocol selected by the coordinator. [string]"""
    leader: str
    """The leader of the group. [string]"""
    member_id: str
    """The member ID assigned by the group coordinator. [string]"""
    members: list[JoinGroupResponseMemberV0]
    """The group members. [array of JoinGroupResponseMember]"""

JoinGroupResponseV1 = JoinGroupResponseV0
"""JoinGroupResponse version 1: the response body (message, API key 11)."""


class JoinGroupResponseV2(TypedDict, total=False, closed=True):
    """JoinGroupResponse version 2: the response body (message, API key 11)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    generation_id: int
    """The generation ID of the group. [int32 (-2147483648 to 2147483647), default -1]"""
    protocol_name: str
    """The group protocol selected by the coordinator. [string]"""
    leader: str
    """The leader of the group. [string]"""
    member_id: str
    """The member ID assigned by the group coordinator. [string]"""
    members: list[JoinGroupResponseMemberV0]
    """The group members. [array of JoinGroupResponseMember]"""

JoinGroupResponseV3 = JoinGroupResponseV2
"""JoinGroupResponse version 3: the response body (message, API key 11)."""

JoinGroupResponseV4 = JoinGroupResponseV2
"""JoinGroupResponse version 4: the response body (message, API key 11)."""


class JoinGroupResponseMemberV5(TypedDict, total=False, closed=True):
    """``JoinGroupResponseMember`` of JoinGroupResponse (as in version 5)."""
    member_id: str
    """The group member ID. [string]"""
    group_instance_id: str | None
    """The unique identifier of the consumer instance provided by end user. [string, nullable, default null]"""
    metadata: bytes
    """The group member metadata. [bytes]"""


class JoinGroupResponseV5(TypedDict, total=False, closed=True):
    """JoinGroupResponse version 5: the response body (message, API key 11)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    generation_id: int
    """The generation ID of the group. [int32 (-2147483648 to 2147483647), default -1]"""
    protocol_name: str
    """The group protocol selected by the coordinator. [string]"""
    leader: str
    """The leader of the group. [string]"""
    member_id: str
    """The member ID assigned by the group coordinator. [string]"""
    members: list[JoinGroupResponseMemberV5]
    """The group members. [array of JoinGroupResponseMember]"""


class JoinGroupResponseMemberV6(TaggedFields, total=False, closed=True):
    """``JoinGroupResponseMember`` of JoinGroupResponse (as in version 6)."""
    member_id: str
    """The group member ID. [string]"""
    group_instance_id: str | None
    """The unique identifier of the consumer instance provided by end user. [string, nullable, default null]"""
    metadata: bytes
    """The group member metadata. [bytes]"""


class JoinGroupResponseV6(TaggedFields, total=False, closed=True):
    """JoinGroupResponse version 6: the response body (message, API key 11)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    generation_id: int
    """The generation ID of the group. [int32 (-2147483648 to 2147483647), default -1]"""
    protocol_name: str
    """The group protocol selected by the coordinator. [string]"""
    leader: str
    """The leader of the group. [string]"""
    member_id: str
    """The member ID assigned by the group coordinator. [string]"""
    members: list[JoinGroupResponseMemberV6]
    """The group members. [array of JoinGroupResponseMember]"""


class JoinGroupResponseV7(TaggedFields, total=False, closed=True):
    """JoinGroupResponse version 7: the response body (message, API key 11)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    generation_id: int
    """The generation ID of the group. [int32 (-2147483648 to 2147483647), default -1]"""
    protocol_type: str | None
    """The group protocol name. [string, nullable, default null]"""
    protocol_name: str | None
    """The group protocol selected by the coordinator. [string, nullable]"""
    leader: str
    """The leader of the group. [string]"""
    member_id: str
    """The member ID assigned by the group coordinator. [string]"""
    members: list[JoinGroupResponseMemberV6]
    """The group members. [array of JoinGroupResponseMember]"""

JoinGroupResponseV8 = JoinGroupResponseV7
"""JoinGroupResponse version 8: the response body (message, API key 11)."""


class JoinGroupResponseV9(TaggedFields, total=False, closed=True):
    """JoinGroupResponse version 9: the response body (message, API key 11)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    generation_id: int
    """The generation ID of the group. [int32 (-2147483648 to 2147483647), default -1]"""
    protocol_type: str | None
    """The group protocol name. [string, nullable, default null]"""
    protocol_name: str | None
    """The group protocol selected by the coordinator. [string, nullable]"""
    leader: str
    """The leader of the group. [string]"""
    skip_assignment: bool
    """True if the leader must skip running the assignment. [bool, default false]"""
    member_id: str
    """The member ID assigned by the group coordinator. [string]"""
    members: list[JoinGroupResponseMemberV6]
    """The group members. [array of JoinGroupResponseMember]"""


class KRaftVersionRecordV0(TaggedFields, total=False, closed=True):
    """KRaftVersionRecord version 0: the data format (message)."""
    version: int
    """The version of the kraft version record. [int16 (-32768 to 32767)]"""
    kraft_version: int
    """The kraft protocol version. [int16 (-32768 to 32767)]"""


class LeaderAndIsrRequestLeaderAndIsrPartitionStateV0(TypedDict, total=False, closed=True):
    """``LeaderAndIsrPartitionState`` of LeaderAndIsrRequest (as in version 0)."""
    topic_name: str
    """The topic name. This is only present in v0 or v1. [string]"""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    controller_epoch: int
    """The controller epoch. [int32 (-2147483648 to 2147483647)]"""
    leader: int
    """The broker ID of the leader. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The leader epoch. [int32 (-2147483648 to 2147483647)]"""
    isr: list[int]
    """The in-sync replica IDs. [array of int32 (-2147483648 to 2147483647)]"""
    partition_epoch: int
    """The current epoch for the partition. The epoch is a monotonically increasing value which is incremented after every partition change. (Since the LeaderAndIsr request is only used by the legacy controller, this corresponds to the zkVersion) [int32 (-2147483648 to 2147483647)]"""
    replicas: list[int]
    """The replica IDs. [array of int32 (-2147483648 to 2147483647)]"""


class LeaderAndIsrRequestLeaderAndIsrLiveLeaderV0(TypedDict, total=False, closed=True):
    """``LeaderAndIsrLiveLeader`` of LeaderAndIsrRequest (as in version 0)."""
    broker_id: int
    """The leader's broker ID. [int32 (-2147483648 to 2147483647)]"""
    host_name: str
    """The leader's hostname. [string]"""
    port: int
    """The leader's port. [int32 (-2147483648 to 2147483647)]"""


class LeaderAndIsrRequestV0(TypedDict, total=False, closed=True):
    """LeaderAndIsrRequest version 0: the request body (message, API key 4)."""
    controller_id: int
    """The current controller ID. [int32 (-2147483648 to 2147483647)]"""
    controller_epoch: int
    """The current controller epoch. [int32 (-2147483648 to 2147483647)]"""
    ungrouped_partition_states: list[LeaderAndIsrRequestLeaderAndIsrPartitionStateV0]
    """The state of each partition, in a v0 or v1 message. [array of LeaderAndIsrPartitionState]"""
    live_leaders: list[LeaderAndIsrRequestLeaderAndIsrLiveLeaderV0]
    """The current live leaders. [array of LeaderAndIsrLiveLeader]"""


class LeaderAndIsrRequestLeaderAndIsrPartitionStateV1(TypedDict, total=False, closed=True):
    """``LeaderAndIsrPartitionState`` of LeaderAndIsrRequest (as in version 1)."""
    topic_name: str
    """The topic name. This is only present in v0 or v1. [string]"""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    controller_epoch: int
    """The controller epoch. [int32 (-2147483648 to 2147483647)]"""
    leader: int
    """The broker ID of the leader. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The leader epoch. [int32 (-2147483648 to 2147483647)]"""
    isr: list[int]
    """The in-sync replica IDs. [array of int32 (-2147483648 to 2147483647)]"""
    partition_epoch: int
    """The current epoch for the partition. The epoch is a monotonically increasing value which is incremented after every partition change. (Since the LeaderAndIsr request is only used by the legacy controller, this corresponds to the zkVersion) [int32 (-2147483648 to 2147483647)]"""
    replicas: list[int]
    """The replica IDs. [array of int32 (-2147483648 to 2147483647)]"""
    is_new: bool
    """Whether the replica should have existed on the broker or not. [bool, default false]"""


class LeaderAndIsrRequestV1(TypedDict, total=False, closed=True):
    """LeaderAndIsrRequest version 1: the request body (message, API key 4)."""
    controller_id: int
    """The current controller ID. [int32 (-2147483648 to 2147483647)]"""
    controller_epoch: int
    """The current controller epoch. [int32 (-2147483648 to 2147483647)]"""
    ungrouped_partition_states: list[LeaderAndIsrRequestLeaderAndIsrPartitionStateV1]
    """The state of each partition, in a v0 or v1 message. [array of LeaderAndIsrPartitionState]"""
    live_leaders: list[LeaderAndIsrRequestLeaderAndIsrLiveLeaderV0]
    """The current live leaders. [array of LeaderAndIsrLiveLeader]"""


class LeaderAndIsrRequestLeaderAndIsrPartitionStateV2(TypedDict, total=False, closed=True):
    """``LeaderAndIsrPartitionState`` of LeaderAndIsrRequest (as in version 2)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    controller_epoch: int
    """The controller epoch. [int32 (-2147483648 to 2147483647)]"""
    leader: int
    """The broker ID of the leader. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The leader epoch. [int32 (-2147483648 to 2147483647)]"""
    isr: list[int]
    """The in-sync replica IDs. [array of int32 (-2147483648 to 2147483647)]"""
    partition_epoch: int
    """The current epoch for the partition. The epoch is a monotonically increasing value which is incremented after every partition change. (Since the LeaderAndIsr request is only used by the legacy controller, this corresponds to the zkVersion) [int32 (-2147483648 to 2147483647)]"""
    replicas: list[int]
    """The replica IDs. [array of int32 (-2147483648 to 2147483647)]"""
    is_new: bool
    """Whether the replica should have existed on the broker or not. [bool, default false]"""


class LeaderAndIsrRequestLeaderAndIsrTopicStateV2(TypedDict, total=False, closed=True):
    """``LeaderAndIsrTopicState`` of LeaderAndIsrRequest (as in version 2)."""
    topic_name: str
    """The topic name. [string]"""
    partition_states: list[LeaderAndIsrRequestLeaderAndIsrPartitionStateV2]
    """The state of each partition [array of LeaderAndIsrPartitionState]"""


class LeaderAndIsrRequestV2(TypedDict, total=False, closed=True):
    """LeaderAndIsrRequest version 2: the request body (message, API key 4)."""
    controller_id: int
    """The current controller ID. [int32 (-2147483648 to 2147483647)]"""
    controller_epoch: int
    """The current controller epoch. [int32 (-2147483648 to 2147483647)]"""
    broker_epoch: int
    """The current broker epoch. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    topic_states: list[LeaderAndIsrRequestLeaderAndIsrTopicStateV2]
    """Each topic. [array of LeaderAndIsrTopicState]"""
    live_leaders: list[LeaderAndIsrRequestLeaderAndIsrLiveLeaderV0]
    """The current live leaders. [array of LeaderAndIsrLiveLeader]"""


class LeaderAndIsrRequestLeaderAndIsrPartitionStateV3(TypedDict, total=False, closed=True):
    """``LeaderAndIsrPartitionState`` of LeaderAndIsrRequest (as in version 3)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    controller_epoch: int
    """The controller epoch. [int32 (-2147483648 to 2147483647)]"""
    leader: int
    """The broker ID of the leader. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The leader epoch. [int32 (-2147483648 to 2147483647)]"""
    isr: list[int]
    """The in-sync replica IDs. [array of int32 (-2147483648 to 2147483647)]"""
    partition_epoch: int
    """The current epoch for the partition. The epoch is a monotonically increasing value which is incremented after every partition change. (Since the LeaderAndIsr request is only used by the legacy controller, this corresponds to the zkVersion) [int32 (-2147483648 to 2147483647)]"""
    replicas: list[int]
    """The replica IDs. [array of int32 (-2147483648 to 2147483647)]"""
    adding_replicas: list[int]
    """The replica IDs that we are adding this partition to, or null if no replicas are being added. [array of int32 (-2147483648 to 2147483647)]"""
    removing_replicas: list[int]
    """The replica IDs that we are removing this partition from, or null if no replicas are being removed. [array of int32 (-2147483648 to 2147483647)]"""
    is_new: bool
    """Whether the replica should have existed on the broker or not. [bool, default false]"""


class LeaderAndIsrRequestLeaderAndIsrTopicStateV3(TypedDict, total=False, closed=True):
    """``LeaderAndIsrTopicState`` of LeaderAndIsrRequest (as in version 3)."""
    topic_name: str
    """The topic name. [string]"""
    partition_states: list[LeaderAndIsrRequestLeaderAndIsrPartitionStateV3]
    """The state of each partition [array of LeaderAndIsrPartitionState]"""


class LeaderAndIsrRequestV3(TypedDict, total=False, closed=True):
    """LeaderAndIsrRequest version 3: the request body (message, API key 4)."""
    controller_id: int
    """The current controller ID. [int32 (-2147483648 to 2147483647)]"""
    controller_epoch: int
    """The current controller epoch. [int32 (-2147483648 to 2147483647)]"""
    broker_epoch: int
    """The current broker epoch. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    topic_states: list[LeaderAndIsrRequestLeaderAndIsrTopicStateV3]
    """Each topic. [array of LeaderAndIsrTopicState]"""
    live_leaders: list[LeaderAndIsrRequestLeaderAndIsrLiveLeaderV0]
    """The current live leaders. [array of LeaderAndIsrLiveLeader]"""


class LeaderAndIsrRequestLeaderAndIsrPartitionStateV4(TaggedFields, total=False, closed=True):
    """``LeaderAndIsrPartitionState`` of LeaderAndIsrRequest (as in version 4)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    controller_epoch: int
    """The controller epoch. [int32 (-2147483648 to 2147483647)]"""
    leader: int
    """The broker ID of the leader. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The leader epoch. [int32 (-2147483648 to 2147483647)]"""
    isr: list[int]
    """The in-sync replica IDs. [array of int32 (-2147483648 to 2147483647)]"""
    partition_epoch: int
    """The current epoch for the partition. The epoch is a monotonically increasing value which is incremented after every partition change. (Since the LeaderAndIsr request is only used by the legacy controller, this corresponds to the zkVersion) [int32 (-2147483648 to 2147483647)]"""
    replicas: list[int]
    """The replica IDs. [array of int32 (-2147483648 to 2147483647)]"""
    adding_replicas: list[int]
    """The replica IDs that we are adding this partition to, or null if no replicas are being added. [array of int32 (-2147483648 to 2147483647)]"""
    removing_replicas: list[int]
    """The replica IDs that we are removing this partition from, or null if no replicas are being removed. [array of int32 (-2147483648 to 2147483647)]"""
    is_new: bool
    """Whether the replica should have existed on the broker or not. [bool, default false]"""


class LeaderAndIsrRequestLeaderAndIsrTopicStateV4(TaggedFields, total=False, closed=True):
    """``LeaderAndIsrTopicState`` of LeaderAndIsrRequest (as in version 4)."""
    topic_name: str
    """The topic name. [string]"""
    partition_states: list[LeaderAndIsrRequestLeaderAndIsrPartitionStateV4]
    """The state of each partition [array of LeaderAndIsrPartitionState]"""


class LeaderAndIsrRequestLeaderAndIsrLiveLeaderV4(TaggedFields, total=False, closed=True):
    """``LeaderAndIsrLiveLeader`` of LeaderAndIsrRequest (as in version 4)."""
    broker_id: int
    """The leader's broker ID. [int32 (-2147483648 to 2147483647)]"""
    host_name: str
    """The leader's hostname. [string]"""
    port: int
    """The leader's port. [int32 (-2147483648 to 2147483647)]"""


class LeaderAndIsrRequestV4(TaggedFields, total=False, closed=True):
    """LeaderAndIsrRequest version 4: the request body (message, API key 4)."""
    controller_id: int
    """The current controller ID. [int32 (-2147483648 to 2147483647)]"""
    controller_epoch: int
    """The current controller epoch. [int32 (-2147483648 to 2147483647)]"""
    broker_epoch: int
    """The current broker epoch. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    topic_states: list[LeaderAndIsrRequestLeaderAndIsrTopicStateV4]
    """Each topic. [array of LeaderAndIsrTopicState]"""
    live_leaders: list[LeaderAndIsrRequestLeaderAndIsrLiveLeaderV4]
    """The current live leaders. [array of LeaderAndIsrLiveLeader]"""


class LeaderAndIsrRequestLeaderAndIsrTopicStateV5(TaggedFields, total=False, closed=True):
    """``LeaderAndIsrTopicState`` of LeaderAndIsrRequest (as in version 5)."""
    topic_name: str
    """The topic name. [string]"""
    topic_id: UUID
    """The unique topic ID. [uuid]"""
    partition_states: list[LeaderAndIsrRequestLeaderAndIsrPartitionStateV4]
    """The state of each partition [array of LeaderAndIsrPartitionState]"""


class LeaderAndIsrRequestV5(TaggedFields, total=False, closed=True):
    """LeaderAndIsrRequest version 5: the request body (message, API key 4)."""
    controller_id: int
    """The current controller ID. [int32 (-2147483648 to 2147483647)]"""
    controller_epoch: int
    """The current controller epoch. [int32 (-2147483648 to 2147483647)]"""
    broker_epoch: int
    """The current broker epoch. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    type: int
    """The type that indicates whether all topics are included in the request [int8 (-128 to 127)]"""
    topic_states: list[LeaderAndIsrRequestLeaderAndIsrTopicStateV5]
    """Each topic. [array of LeaderAndIsrTopicState]"""
    live_leaders: list[LeaderAndIsrRequestLeaderAndIsrLiveLeaderV4]
    """The current live leaders. [array of LeaderAndIsrLiveLeader]"""


class LeaderAndIsrRequestLeaderAndIsrPartitionStateV6(TaggedFields, total=False, closed=True):
    """``LeaderAndIsrPartitionState`` of LeaderAndIsrRequest (as in version 6)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    controller_epoch: int
    """The controller epoch. [int32 (-2147483648 to 2147483647)]"""
    leader: int
    """The broker ID of the leader. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The leader epoch. [int32 (-2147483648 to 2147483647)]"""
    isr: list[int]
    """The in-sync replica IDs. [array of int32 (-2147483648 to 2147483647)]"""
    partition_epoch: int
    """The current epoch for the partition. The epoch is a monotonically increasing value which is incremented after every partition change. (Since the LeaderAndIsr request is only used by the legacy controller, this corresponds to the zkVersion) [int32 (-2147483648 to 2147483647)]"""
    replicas: list[int]
    """The replica IDs. [array of int32 (-2147483648 to 2147483647)]"""
    adding_replicas: list[int]
    """The replica IDs that we are adding this partition to, or null if no replicas are being added. [array of int32 (-2147483648 to 2147483647)]"""
    removing_replicas: list[int]
    """The replica IDs that we are removing this partition from, or null if no replicas are being removed. [array of int32 (-2147483648 to 2147483647)]"""
    is_new: bool
    """Whether the replica should have existed on the broker or not. [bool, default false]"""
    leader_recovery_state: int
    """1 if the partition is recovering from an unclean leader election; 0 otherwise. [int8 (-128 to 127), default 0]"""


class LeaderAndIsrRequestLeaderAndIsrTopicStateV6(TaggedFields, total=False, closed=True):
    """``LeaderAndIsrTopicState`` of LeaderAndIsrRequest (as in version 6)."""
    topic_name: str
    """The topic name. [string]"""
    topic_id: UUID
    """The unique topic ID. [uuid]"""
    partition_states: list[LeaderAndIsrRequestLeaderAndIsrPartitionStateV6]
    """The state of each partition [array of LeaderAndIsrPartitionState]"""


class LeaderAndIsrRequestV6(TaggedFields, total=False, closed=True):
    """LeaderAndIsrRequest version 6: the request body (message, API key 4)."""
    controller_id: int
    """The current controller ID. [int32 (-2147483648 to 2147483647)]"""
    controller_epoch: int
    """The current controller epoch. [int32 (-2147483648 to 2147483647)]"""
    broker_epoch: int
    """The current broker epoch. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    type: int
    """The type that indicates whether all topics are included in the request [int8 (-128 to 127)]"""
    topic_states: list[LeaderAndIsrRequestLeaderAndIsrTopicStateV6]
    """Each topic. [array of LeaderAndIsrTopicState]"""
    live_leaders: list[LeaderAndIsrRequestLeaderAndIsrLiveLeaderV4]
    """The current live leaders. [array of LeaderAndIsrLiveLeader]"""


class LeaderAndIsrRequestV7(TaggedFields, total=False, closed=True):
    """LeaderAndIsrRequest version 7: the request body (message, API key 4)."""
    controller_id: int
    """The current controller ID. [int32 (-2147483648 to 2147483647)]"""
    is_kraft_controller: bool
    """If KRaft controller id is used during migration. See KIP-866 [bool, default false]"""
    controller_epoch: int
    """The current controller epoch. [int32 (-2147483648 to 2147483647)]"""
    broker_epoch: int
    """The current broker epoch. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    type: int
    """The type that indicates whether all topics are included in the request [int8 (-128 to 127)]"""
    topic_states: list[LeaderAndIsrRequestLeaderAndIsrTopicStateV6]
    """Each topic. [array of LeaderAndIsrTopicState]"""
    live_leaders: list[LeaderAndIsrRequestLeaderAndIsrLiveLeaderV4]
    """The current live leaders. [array of LeaderAndIsrLiveLeader]"""


class LeaderAndIsrResponseLeaderAndIsrPartitionErrorV0(TypedDict, total=False, closed=True):
    """``LeaderAndIsrPartitionError`` of LeaderAndIsrResponse (as in version 0)."""
    topic_name: str
    """The topic name. [string]"""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The partition error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""


class LeaderAndIsrResponseV0(TypedDict, total=False, closed=True):
    """LeaderAndIsrResponse version 0: the response body (message, API key 4)."""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    partition_errors: list[LeaderAndIsrResponseLeaderAndIsrPartitionErrorV0]
    """Each partition in v0 to v4 message. [array of LeaderAndIsrPartitionError]"""

LeaderAndIsrResponseV1 = LeaderAndIsrResponseV0
"""LeaderAndIsrResponse version 1: the response body (message, API key 4)."""

LeaderAndIsrResponseV2 = LeaderAndIsrResponseV0
"""LeaderAndIsrResponse version 2: the response body (message, API key 4)."""

LeaderAndIsrResponseV3 = LeaderAndIsrResponseV0
"""LeaderAndIsrResponse version 3: the response body (message, API key 4)."""


class LeaderAndIsrResponseLeaderAndIsrPartitionErrorV4(TaggedFields, total=False, closed=True):
    """``LeaderAndIsrPartitionError`` of LeaderAndIsrResponse (as in version 4)."""
    topic_name: str
    """The topic name. [string]"""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The partition error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""


class LeaderAndIsrResponseV4(TaggedFields, total=False, closed=True):
    """LeaderAndIsrResponse version 4: the response body (message, API key 4)."""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    partition_errors: list[LeaderAndIsrResponseLeaderAndIsrPartitionErrorV4]
    """Each partition in v0 to v4 message. [array of LeaderAndIsrPartitionError]"""


class LeaderAndIsrResponseLeaderAndIsrPartitionErrorV5(TaggedFields, total=False, closed=True):
    """``LeaderAndIsrPartitionError`` of LeaderAndIsrResponse (as in version 5)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The partition error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""


class LeaderAndIsrResponseLeaderAndIsrTopicErrorV5(TaggedFields, total=False, closed=True):
    """``LeaderAndIsrTopicError`` of LeaderAndIsrResponse (as in version 5)."""
    topic_id: UUID
    """The unique topic ID [uuid]"""
    partition_errors: list[LeaderAndIsrResponseLeaderAndIsrPartitionErrorV5]
    """Each partition. [array of LeaderAndIsrPartitionError]"""


class LeaderAndIsrResponseV5(TaggedFields, total=False, closed=True):
    """LeaderAndIsrResponse version 5: the response body (message, API key 4)."""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    topics: list[LeaderAndIsrResponseLeaderAndIsrTopicErrorV5]
    """Each topic [array of LeaderAndIsrTopicError]"""

LeaderAndIsrResponseV6 = LeaderAndIsrResponseV5
"""LeaderAndIsrResponse version 6: the response body (message, API key 4)."""

LeaderAndIsrResponseV7 = LeaderAndIsrResponseV5
"""LeaderAndIsrResponse version 7: the response body (message, API key 4)."""


class LeaderChangeMessageVoterV0(TaggedFields, total=False, closed=True):
    """``Voter`` of LeaderChangeMessage (as in version 0)."""
    voter_id: int
    """The ID of the voter. [int32 (-2147483648 to 2147483647)]"""


class LeaderChangeMessageV0(TaggedFields, total=False, closed=True):
    """LeaderChangeMessage version 0: the data format (message)."""
    version: int
    """The version of the leader change message. [int16 (-32768 to 32767)]"""
    leader_id: int
    """The ID of the newly elected leader. [int32 (-2147483648 to 2147483647)]"""
    voters: list[LeaderChangeMessageVoterV0]
    """The set of voters in the quorum for this epoch. [array of Voter]"""
    granting_voters: list[LeaderChangeMessageVoterV0]
    """The voters who voted for the leader at the time of election. [array of Voter]"""


class LeaderChangeMessageVoterV1(TaggedFields, total=False, closed=True):
    """``Voter`` of LeaderChangeMessage (as in version 1)."""
    voter_id: int
    """The ID of the voter. [int32 (-2147483648 to 2147483647)]"""
    voter_directory_id: UUID
    """The directory id of the voter. [uuid]"""


class LeaderChangeMessageV1(TaggedFields, total=False, closed=True):
    """LeaderChangeMessage version 1: the data format (message)."""
    version: int
    """The version of the leader change message. [int16 (-32768 to 32767)]"""
    leader_id: int
    """The ID of the newly elected leader. [int32 (-2147483648 to 2147483647)]"""
    voters: list[LeaderChangeMessageVoterV1]
    """The set of voters in the quorum for this epoch. [array of Voter]"""
    granting_voters: list[LeaderChangeMessageVoterV1]
    """The voters who voted for the leader at the time of election. [array of Voter]"""


class LeaveGroupRequestV0(TypedDict, total=False, closed=True):
    """LeaveGroupRequest version 0: the request body (message, API key 13)."""
    group_id: str
    """The ID of the group to leave. [string]"""
    member_id: str
    """The member ID to remove from the group. [string]"""

LeaveGroupRequestV1 = LeaveGroupRequestV0
"""LeaveGroupRequest version 1: the request body (message, API key 13)."""

LeaveGroupRequestV2 = LeaveGroupRequestV0
"""LeaveGroupRequest version 2: the request body (message, API key 13)."""


class LeaveGroupRequestMemberIdentityV3(TypedDict, total=False, closed=True):
    """``MemberIdentity`` of LeaveGroupRequest (as in version 3)."""
    member_id: str
    """The member ID to remove from the group. [string]"""
    group_instance_id: str | None
    """The group instance ID to remove from the group. [string, nullable, default null]"""


class LeaveGroupRequestV3(TypedDict, total=False, closed=True):
    """LeaveGroupRequest version 3: the request body (message, API key 13)."""
    group_id: str
    """The ID of the group to leave. [string]"""
    members: list[LeaveGroupRequestMemberIdentityV3]
    """List of leaving member identities. [array of MemberIdentity]"""


class LeaveGroupRequestMemberIdentityV4(TaggedFields, total=False, closed=True):
    """``MemberIdentity`` of LeaveGroupRequest (as in version 4)."""
    member_id: str
    """The member ID to remove from the group. [string]"""
    group_instance_id: str | None
    """The group instance ID to remove from the group. [string, nullable, default null]"""


class LeaveGroupRequestV4(TaggedFields, total=False, closed=True):
    """LeaveGroupRequest version 4: the request body (message, API key 13)."""
    group_id: str
    """The ID of the group to leave. [string]"""
    members: list[LeaveGroupRequestMemberIdentityV4]
    """List of leaving member identities. [array of MemberIdentity]"""


class LeaveGroupRequestMemberIdentityV5(TaggedFields, total=False, closed=True):
    """``MemberIdentity`` of LeaveGroupRequest (as in version 5)."""
    member_id: str
    """The member ID to remove from the group. [string]"""
    group_instance_id: str | None
    """The group instance ID to remove from the group. [string, nullable, default null]"""
    reason: str | None
    """The reason why the member left the group. [string, nullable, default null]"""


class LeaveGroupRequestV5(TaggedFields, total=False, closed=True):
    """LeaveGroupRequest version 5: the request body (message, API key 13)."""
    group_id: str
    """The ID of the group to leave. [string]"""
    members: list[LeaveGroupRequestMemberIdentityV5]
    """List of leaving member identities. [array of MemberIdentity]"""


class LeaveGroupResponseV0(TypedDict, total=False, closed=True):
    """LeaveGroupResponse version 0: the response body (message, API key 13)."""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""


class LeaveGroupResponseV1(TypedDict, total=False, closed=True):
    """LeaveGroupResponse version 1: the response body (message, API key 13)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""

LeaveGroupResponseV2 = LeaveGroupResponseV1
"""LeaveGroupResponse version 2: the response body (message, API key 13)."""


class LeaveGroupResponseMemberResponseV3(TypedDict, total=False, closed=True):
    """``MemberResponse`` of LeaveGroupResponse (as in version 3)."""
    member_id: str
    """The member ID to remove from the group. [string]"""
    group_instance_id: str | None
    """The group instance ID to remove from the group. [string, nullable]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""


class LeaveGroupResponseV3(TypedDict, total=False, closed=True):
    """LeaveGroupResponse version 3: the response body (message, API key 13)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    members: list[LeaveGroupResponseMemberResponseV3]
    """List of leaving member responses. [array of MemberResponse]"""


class LeaveGroupResponseMemberResponseV4(TaggedFields, total=False, closed=True):
    """``MemberResponse`` of LeaveGroupResponse (as in version 4)."""
    member_id: str
    """The member ID to remove from the group. [string]"""
    group_instance_id: str | None
    """The group instance ID to remove from the group. [string, nullable]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""


class LeaveGroupResponseV4(TaggedFields, total=False, closed=True):
    """LeaveGroupResponse version 4: the response body (message, API key 13)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    members: list[LeaveGroupResponseMemberResponseV4]
    """List of leaving member responses. [array of MemberResponse]"""

LeaveGroupResponseV5 = LeaveGroupResponseV4
"""LeaveGroupResponse version 5: the response body (message, API key 13)."""


class ListConfigResourcesRequestV0(TaggedFields, total=False, closed=True):
    """ListConfigResourcesRequest version 0: the request body (message, API key 74)."""


class ListConfigResourcesRequestV1(TaggedFields, total=False, closed=True):
    """ListConfigResourcesRequest version 1: the request body (message, API key 74)."""
    resource_types: list[int]
    """The list of resource type. If the list is empty, it uses default supported config resource types. [array of int8 (-128 to 127)]"""


class ListConfigResourcesResponseConfigResourceV0(TaggedFields, total=False, closed=True):
    """``ConfigResource`` of ListConfigResourcesResponse (as in version 0)."""
    resource_name: str
    """The resource name. [string]"""


class ListConfigResourcesResponseV0(TaggedFields, total=False, closed=True):
    """ListConfigResourcesResponse version 0: the response body (message, API key 74)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    config_resources: list[ListConfigResourcesResponseConfigResourceV0]
    """Each config resource in the response. [array of ConfigResource]"""


class ListConfigResourcesResponseConfigResourceV1(TaggedFields, total=False, closed=True):
    """``ConfigResource`` of ListConfigResourcesResponse (as in version 1)."""
    resource_name: str
    """The resource name. [string]"""
    resource_type: int
    """The resource type. [int8 (-128 to 127), default 16]"""


class ListConfigResourcesResponseV1(TaggedFields, total=False, closed=True):
    """ListConfigResourcesResponse version 1: the response body (message, API key 74)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    config_resources: list[ListConfigResourcesResponseConfigResourceV1]
    """Each config resource in the response. [array of ConfigResource]"""


class ListGroupsRequestV0(TypedDict, total=False, closed=True):
    """ListGroupsRequest version 0: the request body (message, API key 16)."""

ListGroupsRequestV1 = ListGroupsRequestV0
"""ListGroupsRequest version 1: the request body (message, API key 16)."""

ListGroupsRequestV2 = ListGroupsRequestV0
"""ListGroupsRequest version 2: the request body (message, API key 16)."""


class ListGroupsRequestV3(TaggedFields, total=False, closed=True):
    """ListGroupsRequest version 3: the request body (message, API key 16)."""


class ListGroupsRequestV4(TaggedFields, total=False, closed=True):
    """ListGroupsRequest version 4: the request body (message, API key 16)."""
    states_filter: list[str]
    """The states of the groups we want to list. If empty, all groups are returned with their state. [array of string]"""


class ListGroupsRequestV5(TaggedFields, total=False, closed=True):
    """ListGroupsRequest version 5: the request body (message, API key 16)."""
    states_filter: list[str]
    """The states of the groups we want to list. If empty, all groups are returned with their state. [array of string]"""
    types_filter: list[str]
    """The types of the groups we want to list. If empty, all groups are returned with their type. [array of string]"""


class ListGroupsResponseListedGroupV0(TypedDict, total=False, closed=True):
    """``ListedGroup`` of ListGroupsResponse (as in version 0)."""
    group_id: str
    """The group ID. [string]"""
    protocol_type: str
    """The group protocol type. [string]"""


class ListGroupsResponseV0(TypedDict, total=False, closed=True):
    """ListGroupsResponse version 0: the response body (message, API key 16)."""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    groups: list[ListGroupsResponseListedGroupV0]
    """Each group in the response. [array of ListedGroup]"""


class ListGroupsResponseV1(TypedDict, total=False, closed=True):
    """ListGroupsResponse version 1: the response body (message, API key 16)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    groups: list[ListGroupsResponseListedGroupV0]
    """Each group in the response. [array of ListedGroup]"""

ListGroupsResponseV2 = ListGroupsResponseV1
"""ListGroupsResponse version 2: the response body (message, API key 16)."""


class ListGroupsResponseListedGroupV3(TaggedFields, total=False, closed=True):
    """``ListedGroup`` of ListGroupsResponse (as in version 3)."""
    group_id: str
    """The group ID. [string]"""
    protocol_type: str
    """The group protocol type. [string]"""


class ListGroupsResponseV3(TaggedFields, total=False, closed=True):
    """ListGroupsResponse version 3: the response body (message, API key 16)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    groups: list[ListGroupsResponseListedGroupV3]
    """Each group in the response. [array of ListedGroup]"""


class ListGroupsResponseListedGroupV4(TaggedFields, total=False, closed=True):
    """``ListedGroup`` of ListGroupsResponse (as in version 4)."""
    group_id: str
    """The group ID. [string]"""
    protocol_type: str
    """The group protocol type. [string]"""
    group_state: str
    """The group state name. [string]"""


class ListGroupsResponseV4(TaggedFields, total=False, closed=True):
    """ListGroupsResponse version 4: the response body (message, API key 16)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    groups: list[ListGroupsResponseListedGroupV4]
    """Each group in the response. [array of ListedGroup]"""


class ListGroupsResponseListedGroupV5(TaggedFields, total=False, closed=True):
    """``ListedGroup`` of ListGroupsResponse (as in version 5)."""
    group_id: str
    """The group ID. [string]"""
    protocol_type: str
    """The group protocol type. [string]"""
    group_state: str
    """The group state name. [string]"""
    group_type: str
    """The group type name. [string]"""


class ListGroupsResponseV5(TaggedFields, total=False, closed=True):
    """ListGroupsResponse version 5: the response body (message, API key 16)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    groups: list[ListGroupsResponseListedGroupV5]
    """Each group in the response. [array of ListedGroup]"""


class ListOffsetsRequestListOffsetsPartitionV0(TypedDict, total=False, closed=True):
    """``ListOffsetsPartition`` of ListOffsetsRequest (as in version 0)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    timestamp: int
    """The current timestamp. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    max_num_offsets: int
    """The maximum number of offsets to report. [int32 (-2147483648 to 2147483647), default 1]"""


class ListOffsetsRequestListOffsetsTopicV0(TypedDict, total=False, closed=True):
    """``ListOffsetsTopic`` of ListOffsetsRequest (as in version 0)."""
    name: str
    """The topic name. [string]"""
    partitions: list[ListOffsetsRequestListOffsetsPartitionV0]
    """Each partition in the request. [array of ListOffsetsPartition]"""


class ListOffsetsRequestV0(TypedDict, total=False, closed=True):
    """ListOffsetsRequest version 0: the request body (message, API key 2)."""
    replica_id: int
    """The broker ID of the requester, or -1 if this request is being made by a normal consumer. [int32 (-2147483648 to 2147483647)]"""
    topics: list[ListOffsetsRequestListOffsetsTopicV0]
    """Each topic in the request. [array of ListOffsetsTopic]"""


class ListOffsetsRequestListOffsetsPartitionV1(TypedDict, total=False, closed=True):
    """``ListOffsetsPartition`` of ListOffsetsRequest (as in version 1)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    timestamp: int
    """The current timestamp. [int64 (-9223372036854775808 to 9223372036854775807)]"""


class ListOffsetsRequestListOffsetsTopicV1(TypedDict, total=False, closed=True):
    """``ListOffsetsTopic`` of ListOffsetsRequest (as in version 1)."""
    name: str
    """The topic name. [string]"""
    partitions: list[ListOffsetsRequestListOffsetsPartitionV1]
    """Each partition in the request. [array of ListOffsetsPartition]"""


class ListOffsetsRequestV1(TypedDict, total=False, closed=True):
    """ListOffsetsRequest version 1: the request body (message, API key 2)."""
    replica_id: int
    """The broker ID of the requester, or -1 if this request is being made by a normal consumer. [int32 (-2147483648 to 2147483647)]"""
    topics: list[ListOffsetsRequestListOffsetsTopicV1]
    """Each topic in the request. [array of ListOffsetsTopic]"""


class ListOffsetsRequestV2(TypedDict, total=False, closed=True):
    """ListOffsetsRequest version 2: the request body (message, API key 2)."""
    replica_id: int
    """The broker ID of the requester, or -1 if this request is being made by a normal consumer. [int32 (-2147483648 to 2147483647)]"""
    isolation_level: int
    """This setting controls the visibility of transactional records. Using READ_UNCOMMITTED (isolation_level = 0) makes all records visible. With READ_COMMITTED (isolation_level = 1), non-transactional and COMMITTED transactional records are visible. To be more concrete, READ_COMMITTED returns all data from offsets smaller than the current LSO (last stable offset), and enables the inclusion of the list of aborted transactions in the result, which allows consumers to discard ABORTED transactional records. [int8 (-128 to 127)]"""
    topics: list[ListOffsetsRequestListOffsetsTopicV1]
    """Each topic in the request. [array of ListOffsetsTopic]"""

ListOffsetsRequestV3 = ListOffsetsRequestV2
"""ListOffsetsRequest version 3: the request body (message, API key 2)."""


class ListOffsetsRequestListOffsetsPartitionV4(TypedDict, total=False, closed=True):
    """``ListOffsetsPartition`` of ListOffsetsRequest (as in version 4)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    current_leader_epoch: int
    """The current leader epoch. [int32 (-2147483648 to 2147483647), default -1]"""
    timestamp: int
    """The current timestamp. [int64 (-9223372036854775808 to 9223372036854775807)]"""


class ListOffsetsRequestListOffsetsTopicV4(TypedDict, total=False, closed=True):
    """``ListOffsetsTopic`` of ListOffsetsRequest (as in version 4)."""
    name: str
    """The topic name. [string]"""
    partitions: list[ListOffsetsRequestListOffsetsPartitionV4]
    """Each partition in the request. [array of ListOffsetsPartition]"""


class ListOffsetsRequestV4(TypedDict, total=False, closed=True):
    """ListOffsetsRequest version 4: the request body (message, API key 2)."""
    replica_id: int
    """The broker ID of the requester, or -1 if this request is being made by a normal consumer. [int32 (-2147483648 to 2147483647)]"""
    isolation_level: int
    """This setting controls the visibility of transactional records. Using READ_UNCOMMITTED (isolation_level = 0) makes all records visible. With READ_COMMITTED (isolation_level = 1), non-transactional and COMMITTED transactional records are visible. To be more concrete, READ_COMMITTED returns all data from offsets smaller than the current LSO (last stable offset), and enables the inclusion of the list of aborted transactions in the result, which allows consumers to discard ABORTED transactional records. [int8 (-128 to 127)]"""
    topics: list[ListOffsetsRequestListOffsetsTopicV4]
    """Each topic in the request. [array of ListOffsetsTopic]"""

ListOffsetsRequestV5 = ListOffsetsRequestV4
"""ListOffsetsRequest version 5: the request body (message, API key 2)."""


class ListOffsetsRequestListOffsetsPartitionV6(TaggedFields, total=False, closed=True):
    """``ListOffsetsPartition`` of ListOffsetsRequest (as in version 6)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    current_leader_epoch: int
    """The current leader epoch. [int32 (-2147483648 to 2147483647), default -1]"""
    timestamp: int
    """The current timestamp. [int64 (-9223372036854775808 to 9223372036854775807)]"""


class ListOffsetsRequestListOffsetsTopicV6(TaggedFields, total=False, closed=True):
    """``ListOffsetsTopic`` of ListOffsetsRequest (as in version 6)."""
    name: str
    """The topic name. [string]"""
    partitions: list[ListOffsetsRequestListOffsetsPartitionV6]
    """Each partition in the request. [array of ListOffsetsPartition]"""


class ListOffsetsRequestV6(TaggedFields, total=False, closed=True):
    """ListOffsetsRequest version 6: the request body (message, API key 2)."""
    replica_id: int
    """The broker ID of the requester, or -1 if this request is being made by a normal consumer. [int32 (-2147483648 to 2147483647)]"""
    isolation_level: int
    """This setting controls the visibility of transactional records. Using READ_UNCOMMITTED (isolation_level = 0) makes all records visible. With READ_COMMITTED (isolation_level = 1), non-transactional and COMMITTED transactional records are visible. To be more concrete, READ_COMMITTED returns all data from offsets smaller than the current LSO (last stable offset), and enables the inclusion of the list of aborted transactions in the result, which allows consumers to discard ABORTED transactional records. [int8 (-128 to 127)]"""
    topics: list[ListOffsetsRequestListOffsetsTopicV6]
    """Each topic in the request. [array of ListOffsetsTopic]"""

ListOffsetsRequestV7 = ListOffsetsRequestV6
"""ListOffsetsRequest version 7: the request body (message, API key 2)."""

ListOffsetsRequestV8 = ListOffsetsRequestV6
"""ListOffsetsRequest version 8: the request body (message, API key 2)."""

ListOffsetsRequestV9 = ListOffsetsRequestV6
"""ListOffsetsRequest version 9: the request body (message, API key 2)."""


class ListOffsetsRequestV10(TaggedFields, total=False, closed=True):
    """ListOffsetsRequest version 10: the request body (message, API key 2)."""
    replica_id: int
    """The broker ID of the requester, or -1 if this request is being made by a normal consumer. [int32 (-2147483648 to 2147483647)]"""
    isolation_level: int
    """This setting controls the visibility of transactional records. Using READ_UNCOMMITTED (isolation_level = 0) makes all records visible. With READ_COMMITTED (isolation_level = 1), non-transactional and COMMITTED transactional records are visible. To be more concrete, READ_COMMITTED returns all data from offsets smaller than the current LSO (last stable offset), and enables the inclusion of the list of aborted transactions in the result, which allows consumers to discard ABORTED transactional records. [int8 (-128 to 127)]"""
    topics: list[ListOffsetsRequestListOffsetsTopicV6]
    """Each topic in the request. [array of ListOffsetsTopic]"""
    timeout_ms: int
    """The timeout to await a response in milliseconds for requests that require reading from remote storage for topics enabled with tiered storage. [int32 (-2147483648 to 2147483647)]"""

ListOffsetsRequestV11 = ListOffsetsRequestV10
"""ListOffsetsRequest version 11: the request body (message, API key 2)."""


class ListOffsetsResponseListOffsetsPartitionResponseV0(TypedDict, total=False, closed=True):
    """``ListOffsetsPartitionResponse`` of ListOffsetsResponse (as in version 0)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The partition error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    old_style_offsets: list[int]
    """The result offsets. [array of int64 (-9223372036854775808 to 9223372036854775807)]"""


class ListOffsetsResponseListOffsetsTopicResponseV0(TypedDict, total=False, closed=True):
    """``ListOffsetsTopicResponse`` of ListOffsetsResponse (as in version 0)."""
    name: str
    """The topic name. [string]"""
    partitions: list[ListOffsetsResponseListOffsetsPartitionResponseV0]
    """Each partition in the response. [array of ListOffsetsPartitionResponse]"""


class ListOffsetsResponseV0(TypedDict, total=False, closed=True):
    """ListOffsetsResponse version 0: the response body (message, API key 2)."""
    topics: list[ListOffsetsResponseListOffsetsTopicResponseV0]
    """Each topic in the response. [array of ListOffsetsTopicResponse]"""


class ListOffsetsResponseListOffsetsPartitionResponseV1(TypedDict, total=False, closed=True):
    """``ListOffsetsPartitionResponse`` of ListOffsetsResponse (as in version 1)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The partition error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    timestamp: int
    """The timestamp associated with the returned offset. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    offset: int
    """The returned offset. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""


class ListOffsetsResponseListOffsetsTopicResponseV1(TypedDict, total=False, closed=True):
    """``ListOffsetsTopicResponse`` of ListOffsetsResponse (as in version 1)."""
    name: str
    """The topic name. [string]"""
    partitions: list[ListOffsetsResponseListOffsetsPartitionResponseV1]
    """Each partition in the response. [array of ListOffsetsPartitionResponse]"""


class ListOffsetsResponseV1(TypedDict, total=False, closed=True):
    """ListOffsetsResponse version 1: the response body (message, API key 2)."""
    topics: list[ListOffsetsResponseListOffsetsTopicResponseV1]
    """Each topic in the response. [array of ListOffsetsTopicResponse]"""


class ListOffsetsResponseV2(TypedDict, total=False, closed=True):
    """ListOffsetsResponse version 2: the response body (message, API key 2)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    topics: list[ListOffsetsResponseListOffsetsTopicResponseV1]
    """Each topic in the response. [array of ListOffsetsTopicResponse]"""

ListOffsetsResponseV3 = ListOffsetsResponseV2
"""ListOffsetsResponse version 3: the response body (message, API key 2)."""


class ListOffsetsResponseListOffsetsPartitionResponseV4(TypedDict, total=False, closed=True):
    """``ListOffsetsPartitionResponse`` of ListOffsetsResponse (as in version 4)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The partition error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    timestamp: int
    """The timestamp associated with the returned offset. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    offset: int
    """The returned offset. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    leader_epoch: int
    """The leader epoch associated with the returned offset. [int32 (-2147483648 to 2147483647), default -1]"""


class ListOffsetsResponseListOffsetsTopicResponseV4(TypedDict, total=False, closed=True):
    """``ListOffsetsTopicResponse`` of ListOffsetsResponse (as in version 4)."""
    name: str
    """The topic name. [string]"""
    partitions: list[ListOffsetsResponseListOffsetsPartitionResponseV4]
    """Each partition in the response. [array of ListOffsetsPartitionResponse]"""


class ListOffsetsResponseV4(TypedDict, total=False, closed=True):
    """ListOffsetsResponse version 4: the response body (message, API key 2)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    topics: list[ListOffsetsResponseListOffsetsTopicResponseV4]
    """Each topic in the response. [array of ListOffsetsTopicResponse]"""

ListOffsetsResponseV5 = ListOffsetsResponseV4
"""ListOffsetsResponse version 5: the response body (message, API key 2)."""


class ListOffsetsResponseListOffsetsPartitionResponseV6(TaggedFields, total=False, closed=True):
    """``ListOffsetsPartitionResponse`` of ListOffsetsResponse (as in version 6)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The partition error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    timestamp: int
    """The timestamp associated with the returned offset. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    offset: int
    """The returned offset. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    leader_epoch: int
    """The leader epoch associated with the returned offset. [int32 (-2147483648 to 2147483647), default -1]"""


class ListOffsetsResponseListOffsetsTopicResponseV6(TaggedFields, total=False, closed=True):
    """``ListOffsetsTopicResponse`` of ListOffsetsResponse (as in version 6)."""
    name: str
    """The topic name. [string]"""
    partitions: list[ListOffsetsResponseListOffsetsPartitionResponseV6]
    """Each partition in the response. [array of ListOffsetsPartitionResponse]"""


class ListOffsetsResponseV6(TaggedFields, total=False, closed=True):
    """ListOffsetsResponse version 6: the response body (message, API key 2)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    topics: list[ListOffsetsResponseListOffsetsTopicResponseV6]
    """Each topic in the response. [array of ListOffsetsTopicResponse]"""

ListOffsetsResponseV7 = ListOffsetsResponseV6
"""ListOffsetsResponse version 7: the response body (message, API key 2)."""

ListOffsetsResponseV8 = ListOffsetsResponseV6
"""ListOffsetsResponse version 8: the response body (message, API key 2)."""

ListOffsetsResponseV9 = ListOffsetsResponseV6
"""ListOffsetsResponse version 9: the response body (message, API key 2)."""

ListOffsetsResponseV10 = ListOffsetsResponseV6
"""ListOffsetsResponse version 10: the response body (message, API key 2)."""

ListOffsetsResponseV11 = ListOffsetsResponseV6
"""ListOffsetsResponse version 11: the response body (message, API key 2)."""


class ListPartitionReassignmentsRequestListPartitionReassignmentsTopicsV0(TaggedFields, total=False, closed=True):
    """``ListPartitionReassignmentsTopics`` of ListPartitionReassignmentsRequest (as in version 0)."""
    name: str
    """The topic name. [string]"""
    partition_indexes: list[int]
    """The partitions to list partition reassignments for. [array of int32 (-2147483648 to 2147483647)]"""


class ListPartitionReassignmentsRequestV0(TaggedFields, total=False, closed=True):
    """ListPartitionReassignmentsRequest version 0: the request body (message, API key 46)."""
    timeout_ms: int
    """The time in ms to wait for the request to complete. [int32 (-2147483648 to 2147483647), default 60000]"""
    topics: list[ListPartitionReassignmentsRequestListPartitionReassignmentsTopicsV0] | None
    """The topics to list partition reassignments for, or null to list everything. [array of ListPartitionReassignmentsTopics, nullable, default null]"""


class ListPartitionReassignmentsResponseOngoingPartitionReassignmentV0(TaggedFields, total=False, closed=True):
    """``OngoingPartitionReassignment`` of ListPartitionReassignmentsResponse (as in version 0)."""
    partition_index: int
    """The index of the partition. [int32 (-2147483648 to 2147483647)]"""
    replicas: list[int]
    """The current replica set. [array of int32 (-2147483648 to 2147483647)]"""
    adding_replicas: list[int]
    """The set of replicas we are currently adding. [array of int32 (-2147483648 to 2147483647)]"""
    removing_replicas: list[int]
    """The set of replicas we are currently removing. [array of int32 (-2147483648 to 2147483647)]"""


class ListPartitionReassignmentsResponseOngoingTopicReassignmentV0(TaggedFields, total=False, closed=True):
    """``OngoingTopicReassignment`` of ListPartitionReassignmentsResponse (as in version 0)."""
    name: str
    """The topic name. [string]"""
    partitions: list[ListPartitionReassignmentsResponseOngoingPartitionReassignmentV0]
    """The ongoing reassignments for each partition. [array of OngoingPartitionReassignment]"""


class ListPartitionReassignmentsResponseV0(TaggedFields, total=False, closed=True):
    """ListPartitionReassignmentsResponse version 0: the response body (message, API key 46)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The top-level error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The top-level error message, or null if there was no error. [string, nullable]"""
    topics: list[ListPartitionReassignmentsResponseOngoingTopicReassignmentV0]
    """The ongoing reassignments for each topic. [array of OngoingTopicReassignment]"""


class ListTransactionsRequestV0(TaggedFields, total=False, closed=True):
    """ListTransactionsRequest version 0: the request body (message, API key 66)."""
    state_filters: list[str]
    """The transaction states to filter by: if empty, all transactions are returned; if non-empty, then only transactions matching one of the filtered states will be returned. [array of string]"""
    producer_id_filters: list[int]
    """The producerIds to filter by: if empty, all transactions will be returned; if non-empty, only transactions which match one of the filtered producerIds will be returned. [array of int64 (-9223372036854775808 to 9223372036854775807)]"""


class ListTransactionsRequestV1(TaggedFields, total=False, closed=True):
    """ListTransactionsRequest version 1: the request body (message, API key 66)."""
    state_filters: list[str]
    """The transaction states to filter by: if empty, all transactions are returned; if non-empty, then only transactions matching one of the filtered states will be returned. [array of string]"""
    producer_id_filters: list[int]
    """The producerIds to filter by: if empty, all transactions will be returned; if non-empty, only transactions which match one of the filtered producerIds will be returned. [array of int64 (-9223372036854775808 to 9223372036854775807)]"""
    duration_filter: int
    """Duration (in millis) to filter by: if < 0, all transactions will be returned; otherwise, only transactions running longer than this duration will be returned. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""


class ListTransactionsRequestV2(TaggedFields, total=False, closed=True):
    """ListTransactionsRequest version 2: the request body (message, API key 66)."""
    state_filters: list[str]
    """The transaction states to filter by: if empty, all transactions are returned; if non-empty, then only transactions matching one of the filtered states will be returned. [array of string]"""
    producer_id_filters: list[int]
    """The producerIds to filter by: if empty, all transactions will be returned; if non-empty, only transactions which match one of the filtered producerIds will be returned. [array of int64 (-9223372036854775808 to 9223372036854775807)]"""
    duration_filter: int
    """Duration (in millis) to filter by: if < 0, all transactions will be returned; otherwise, only transactions running longer than this duration will be returned. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    transactional_id_pattern: str | None
    """The transactional ID regular expression pattern to filter by: if it is empty or null, all transactions are returned; Otherwise then only the transactions matching the given regular expression will be returned. [string, nullable, default null]"""


class ListTransactionsResponseTransactionStateV0(TaggedFields, total=False, closed=True):
    """``TransactionState`` of ListTransactionsResponse (as in version 0)."""
    transactional_id: str
    """The transactional id. [string]"""
    producer_id: int
    """The producer id. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    transaction_state: str
    """The current transaction state of the producer. [string]"""


class ListTransactionsResponseV0(TaggedFields, total=False, closed=True):
    """ListTransactionsResponse version 0: the response body (message, API key 66)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    unknown_state_filters: list[str]
    """Set of state filters provided in the request which were unknown to the transaction coordinator. [array of string]"""
    transaction_states: list[ListTransactionsResponseTransactionStateV0]
    """The current state of the transaction for the transactional id. [array of TransactionState]"""

ListTransactionsResponseV1 = ListTransactionsResponseV0
"""ListTransactionsResponse version 1: the response body (message, API key 66)."""

ListTransactionsResponseV2 = ListTransactionsResponseV0
"""ListTransactionsResponse version 2: the response body (message, API key 66)."""


class MetadataRequestTopicV0(TypedDict, total=False, closed=True):
    """``MetadataRequestTopic`` of MetadataRequest (as in version 0)."""
    name: str
    """The topic name. [string]"""


class MetadataRequestV0(TypedDict, total=False, closed=True):
    """MetadataRequest version 0: the request body (message, API key 3)."""
    topics: list[MetadataRequestTopicV0]
    """The topics to fetch metadata for. [array of MetadataRequestTopic]"""


class MetadataRequestV1(TypedDict, total=False, closed=True):
    """MetadataRequest version 1: the request body (message, API key 3)."""
    topics: list[MetadataRequestTopicV0] | None
    """The topics to fetch metadata for. [array of MetadataRequestTopic, nullable]"""

MetadataRequestV2 = MetadataRequestV1
"""MetadataRequest version 2: the request body (message, API key 3)."""

MetadataRequestV3 = MetadataRequestV1
"""MetadataRequest version 3: the request body (message, API key 3)."""


class MetadataRequestV4(TypedDict, total=False, closed=True):
    """MetadataRequest version 4: the request body (message, API key 3)."""
    topics: list[MetadataRequestTopicV0] | None
    """The topics to fetch metadata for. [array of MetadataRequestTopic, nullable]"""
    allow_auto_topic_creation: bool
    """If this is true, the broker may auto-create topics that we requested which do not already exist, if it is configured to do so. [bool, default true]"""

MetadataRequestV5 = MetadataRequestV4
"""MetadataRequest version 5: the request body (message, API key 3)."""

MetadataRequestV6 = MetadataRequestV4
"""MetadataRequest version 6: the request body (message, API key 3)."""

MetadataRequestV7 = MetadataRequestV4
"""MetadataRequest version 7: the request body (message, API key 3)."""


class MetadataRequestV8(TypedDict, total=False, closed=True):
    """MetadataRequest version 8: the request body (message, API key 3)."""
    topics: list[MetadataRequestTopicV0] | None
    """The topics to fetch metadata for. [array of MetadataRequestTopic, nullable]"""
    allow_auto_topic_creation: bool
    """If this is true, the broker may auto-create topics that we requested which do not already exist, if it is configured to do so. [bool, default true]"""
    include_cluster_authorized_operations: bool
    """Whether to include cluster authorized operations. [bool]"""
    include_topic_authorized_operations: bool
    """Whether to include topic authorized operations. [bool]"""


class MetadataRequestTopicV9(TaggedFields, total=False, closed=True):
    """``MetadataRequestTopic`` of MetadataRequest (as in version 9)."""
    name: str
    """The topic name. [string]"""


class MetadataRequestV9(TaggedFields, total=False, closed=True):
    """MetadataRequest version 9: the request body (message, API key 3)."""
    topics: list[MetadataRequestTopicV9] | None
    """The topics to fetch metadata for. [array of MetadataRequestTopic, nullable]"""
    allow_auto_topic_creation: bool
    """If this is true, the broker may auto-create topics that we requested which do not already exist, if it is configured to do so. [bool, default true]"""
    include_cluster_authorized_operations: bool
    """Whether to include cluster authorized operations. [bool]"""
    include_topic_authorized_operations: bool
    """Whether to include topic authorized operations. [bool]"""


class MetadataRequestTopicV10(TaggedFields, total=False, closed=True):
    """``MetadataRequestTopic`` of MetadataRequest (as in version 10)."""
    topic_id: UUID
    """The topic id. [uuid]"""
    name: str | None
    """The topic name. [string, nullable]"""


class MetadataRequestV10(TaggedFields, total=False, closed=True):
    """MetadataRequest version 10: the request body (message, API key 3)."""
    topics: list[MetadataRequestTopicV10] | None
    """The topics to fetch metadata for. [array of MetadataRequestTopic, nullable]"""
    allow_auto_topic_creation: bool
    """If this is true, the broker may auto-create topics that we requested which do not already exist, if it is configured to do so. [bool, default true]"""
    include_cluster_authorized_operations: bool
    """Whether to include cluster authorized operations. [bool]"""
    include_topic_authorized_operations: bool
    """Whether to include topic authorized operations. [bool]"""


class MetadataRequestV11(TaggedFields, total=False, closed=True):
    """MetadataRequest version 11: the request body (message, API key 3)."""
    topics: list[MetadataRequestTopicV10] | None
    """The topics to fetch metadata for. [array of MetadataRequestTopic, nullable]"""
    allow_auto_topic_creation: bool
    """If this is true, the broker may auto-create topics that we requested which do not already exist, if it is configured to do so. [bool, default true]"""
    include_topic_authorized_operations: bool
    """Whether to include topic authorized operations. [bool]"""

MetadataRequestV12 = MetadataRequestV11
"""MetadataRequest version 12: the request body (message, API key 3)."""

MetadataRequestV13 = MetadataRequestV11
"""MetadataRequest version 13: the request body (message, API key 3)."""


class MetadataResponseBrokerV0(TypedDict, total=False, closed=True):
    """``MetadataResponseBroker`` of MetadataResponse (as in version 0)."""
    node_id: int
    """The broker ID. [int32 (-2147483648 to 2147483647)]"""
    host: str
    """The broker hostname. [string]"""
    port: int
    """The broker port. [int32 (-2147483648 to 2147483647)]"""


class MetadataResponsePartitionV0(TypedDict, total=False, closed=True):
    """``MetadataResponsePartition`` of MetadataResponse (as in version 0)."""
    error_code: int
    """The partition error, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    leader_id: int
    """The ID of the leader broker. [int32 (-2147483648 to 2147483647)]"""
    replica_nodes: list[int]
    """The set of all nodes that host this partition. [array of int32 (-2147483648 to 2147483647)]"""
    isr_nodes: list[int]
    """The set of nodes that are in sync with the leader for this partition. [array of int32 (-2147483648 to 2147483647)]"""


class MetadataResponseTopicV0(TypedDict, total=False, closed=True):
    """``MetadataResponseTopic`` of MetadataResponse (as in version 0)."""
    error_code: int
    """The topic error, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    name: str
    """The topic name. Null for non-existing topics queried by ID. This is never null when ErrorCode is zero. One of Name and TopicId is always populated. [string]"""
    partitions: list[MetadataResponsePartitionV0]
    """Each partition in the topic. [array of MetadataResponsePartition]"""


class MetadataResponseV0(TypedDict, total=False, closed=True):
    """MetadataResponse version 0: the response body (message, API key 3)."""
    brokers: list[MetadataResponseBrokerV0]
    """A list of brokers present in the cluster. [array of MetadataResponseBroker]"""
    topics: list[MetadataResponseTopicV0]
    """Each topic in the response. [array of MetadataResponseTopic]"""


class MetadataResponseBrokerV1(TypedDict, total=False, closed=True):
    """``MetadataResponseBroker`` of MetadataResponse (as in version 1)."""
    node_id: int
    """The broker ID. [int32 (-2147483648 to 2147483647)]"""
    host: str
    """The broker hostname. [string]"""
    port: int
    """The broker port. [int32 (-2147483648 to 2147483647)]"""
    rack: str | None
    """The rack of the broker, or null if it has not been assigned to a rack. [string, nullable, default null]"""


class MetadataResponseTopicV1(TypedDict, total=False, closed=True):
    """``MetadataResponseTopic`` of MetadataResponse (as in version 1)."""
    error_code: int
    """The topic error, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    name: str
    """The topic name. Null for non-existing topics queried by ID. This is never null when ErrorCode is zero. One of Name and TopicId is always populated. [string]"""
    is_internal: bool
    """True if the topic is internal. [bool, default false]"""
    partitions: list[MetadataResponsePartitionV0]
    """Each partition in the topic. [array of MetadataResponsePartition]"""


class MetadataResponseV1(TypedDict, total=False, closed=True):
    """MetadataResponse version 1: the response body (message, API key 3)."""
    brokers: list[MetadataResponseBrokerV1]
    """A list of brokers present in the cluster. [array of MetadataResponseBroker]"""
    controller_id: int
    """The ID of the controller broker. [int32 (-2147483648 to 2147483647), default -1]"""
    topics: list[MetadataResponseTopicV1]
    """Each topic in the response. [array of MetadataResponseTopic]"""


class MetadataResponseV2(TypedDict, total=False, closed=True):
    """MetadataResponse version 2: the response body (message, API key 3)."""
    brokers: list[MetadataResponseBrokerV1]
    """A list of brokers present in the cluster. [array of MetadataResponseBroker]"""
    cluster_id: str | None
    """The cluster ID that responding broker belongs to. [string, nullable, default null]"""
    controller_id: int
    """The ID of the controller broker. [int32 (-2147483648 to 2147483647), default -1]"""
    topics: list[MetadataResponseTopicV1]
    """Each topic in the response. [array of MetadataResponseTopic]"""


class MetadataResponseV3(TypedDict, total=False, closed=True):
    """MetadataResponse version 3: the response body (message, API key 3)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    brokers: list[MetadataResponseBrokerV1]
    """A list of brokers present in the cluster. [array of MetadataResponseBroker]"""
    cluster_id: str | None
    """The cluster ID that responding broker belongs to. [string, nullable, default null]"""
    controller_id: int
    """The ID of the controller broker. [int32 (-2147483648 to 2147483647), default -1]"""
    topics: list[MetadataResponseTopicV1]
    """Each topic in the response. [array of MetadataResponseTopic]"""

MetadataResponseV4 = MetadataResponseV3
"""MetadataResponse version 4: the response body (message, API key 3)."""


class MetadataResponsePartitionV5(TypedDict, total=False, closed=True):
    """``MetadataResponsePartition`` of MetadataResponse (as in version 5)."""
    error_code: int
    """The partition error, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    leader_id: int
    """The ID of the leader broker. [int32 (-2147483648 to 2147483647)]"""
    replica_nodes: list[int]
    """The set of all nodes that host this partition. [array of int32 (-2147483648 to 2147483647)]"""
    isr_nodes: list[int]
    """The set of nodes that are in sync with the leader for this partition. [array of int32 (-2147483648 to 2147483647)]"""
    offline_replicas: list[int]
    """The set of offline replicas of this partition. [array of int32 (-2147483648 to 2147483647)]"""


class MetadataResponseTopicV5(TypedDict, total=False, closed=True):
    """``MetadataResponseTopic`` of MetadataResponse (as in version 5)."""
    error_code: int
    """The topic error, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    name: str
    """The topic name. Null for non-existing topics queried by ID. This is never null when ErrorCode is zero. One of Name and TopicId is always populated. [string]"""
    is_internal: bool
    """True if the topic is internal. [bool, default false]"""
    partitions: list[MetadataResponsePartitionV5]
    """Each partition in the topic. [array of MetadataResponsePartition]"""


class MetadataResponseV5(TypedDict, total=False, closed=True):
    """MetadataResponse version 5: the response body (message, API key 3)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    brokers: list[MetadataResponseBrokerV1]
    """A list of brokers present in the cluster. [array of MetadataResponseBroker]"""
    cluster_id: str | None
    """The cluster ID that responding broker belongs to. [string, nullable, default null]"""
    controller_id: int
    """The ID of the controller broker. [int32 (-2147483648 to 2147483647), default -1]"""
    topics: list[MetadataResponseTopicV5]
    """Each topic in the response. [array of MetadataResponseTopic]"""

MetadataResponseV6 = MetadataResponseV5
"""MetadataResponse version 6: the response body (message, API key 3)."""


class MetadataResponsePartitionV7(TypedDict, total=False, closed=True):
    """``MetadataResponsePartition`` of MetadataResponse (as in version 7)."""
    error_code: int
    """The partition error, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    leader_id: int
    """The ID of the leader broker. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The leader epoch of this partition. [int32 (-2147483648 to 2147483647), default -1]"""
    replica_nodes: list[int]
    """The set of all nodes that host this partition. [array of int32 (-2147483648 to 2147483647)]"""
    isr_nodes: list[int]
    """The set of nodes that are in sync with the leader for this partition. [array of int32 (-2147483648 to 2147483647)]"""
    offline_replicas: list[int]
    """The set of offline replicas of this partition. [array of int32 (-2147483648 to 2147483647)]"""


class MetadataResponseTopicV7(TypedDict, total=False, closed=True):
    """``MetadataResponseTopic`` of MetadataResponse (as in version 7)."""
    error_code: int
    """The topic error, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    name: str
    """The topic name. Null for non-existing topics queried by ID. This is never null when ErrorCode is zero. One of Name and TopicId is always populated. [string]"""
    is_internal: bool
    """True if the topic is internal. [bool, default false]"""
    partitions: list[MetadataResponsePartitionV7]
    """Each partition in the topic. [array of MetadataResponsePartition]"""


class MetadataResponseV7(TypedDict, total=False, closed=True):
    """MetadataResponse version 7: the response body (message, API key 3)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    brokers: list[MetadataResponseBrokerV1]
    """A list of brokers present in the cluster. [array of MetadataResponseBroker]"""
    cluster_id: str | None
    """The cluster ID that responding broker belongs to. [string, nullable, default null]"""
    controller_id: int
    """The ID of the controller broker. [int32 (-2147483648 to 2147483647), default -1]"""
    topics: list[MetadataResponseTopicV7]
    """Each topic in the response. [array of MetadataResponseTopic]"""


class MetadataResponseTopicV8(TypedDict, total=False, closed=True):
    """``MetadataResponseTopic`` of MetadataResponse (as in version 8)."""
    error_code: int
    """The topic error, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    name: str
    """The topic name. Null for non-existing topics queried by ID. This is never null when ErrorCode is zero. One of Name and TopicId is always populated. [string]"""
    is_internal: bool
    """True if the topic is internal. [bool, default false]"""
    partitions: list[MetadataResponsePartitionV7]
    """Each partition in the topic. [array of MetadataResponsePartition]"""
    topic_authorized_operations: int
    """32-bit bitfield to represent authorized operations for this topic. [int32 (-2147483648 to 2147483647), default -2147483648]"""


class MetadataResponseV8(TypedDict, total=False, closed=True):
    """MetadataResponse version 8: the response body (message, API key 3)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    brokers: list[MetadataResponseBrokerV1]
    """A list of brokers present in the cluster. [array of MetadataResponseBroker]"""
    cluster_id: str | None
    """The cluster ID that responding broker belongs to. [string, nullable, default null]"""
    controller_id: int
    """The ID of the controller broker. [int32 (-2147483648 to 2147483647), default -1]"""
    topics: list[MetadataResponseTopicV8]
    """Each topic in the response. [array of MetadataResponseTopic]"""
    cluster_authorized_operations: int
    """32-bit bitfield to represent authorized operations for this cluster. [int32 (-2147483648 to 2147483647), default -2147483648]"""


class MetadataResponseBrokerV9(TaggedFields, total=False, closed=True):
    """``MetadataResponseBroker`` of MetadataResponse (as in version 9)."""
    node_id: int
    """The broker ID. [int32 (-2147483648 to 2147483647)]"""
    host: str
    """The broker hostname. [string]"""
    port: int
    """The broker port. [int32 (-2147483648 to 2147483647)]"""
    rack: str | None
    """The rack of the broker, or null if it has not been assigned to a rack. [string, nullable, default null]"""


class MetadataResponsePartitionV9(TaggedFields, total=False, closed=True):
    """``MetadataResponsePartition`` of MetadataResponse (as in version 9)."""
    error_code: int
    """The partition error, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    leader_id: int
    """The ID of the leader broker. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The leader epoch of this partition. [int32 (-2147483648 to 2147483647), default -1]"""
    replica_nodes: list[int]
    """The set of all nodes that host this partition. [array of int32 (-2147483648 to 2147483647)]"""
    isr_nodes: list[int]
    """The set of nodes that are in sync with the leader for this partition. [array of int32 (-2147483648 to 2147483647)]"""
    offline_replicas: list[int]
    """The set of offline replicas of this partition. [array of int32 (-2147483648 to 2147483647)]"""


class MetadataResponseTopicV9(TaggedFields, total=False, closed=True):
    """``MetadataResponseTopic`` of MetadataResponse (as in version 9)."""
    error_code: int
    """The topic error, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    name: str
    """The topic name. Null for non-existing topics queried by ID. This is never null when ErrorCode is zero. One of Name and TopicId is always populated. [string]"""
    is_internal: bool
    """True if the topic is internal. [bool, default false]"""
    partitions: list[MetadataResponsePartitionV9]
    """Each partition in the topic. [array of MetadataResponsePartition]"""
    topic_authorized_operations: int
    """32-bit bitfield to represent authorized operations for this topic. [int32 (-2147483648 to 2147483647), default -2147483648]"""


class MetadataResponseV9(TaggedFields, total=False, closed=True):
    """MetadataResponse version 9: the response body (message, API key 3)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    brokers: list[MetadataResponseBrokerV9]
    """A list of brokers present in the cluster. [array of MetadataResponseBroker]"""
    cluster_id: str | None
    """The cluster ID that responding broker belongs to. [string, nullable, default null]"""
    controller_id: int
    """The ID of the controller broker. [int32 (-2147483648 to 2147483647), default -1]"""
    topics: list[MetadataResponseTopicV9]
    """Each topic in the response. [array of MetadataResponseTopic]"""
    cluster_authorized_operations: int
    """32-bit bitfield to represent authorized operations for this cluster. [int32 (-2147483648 to 2147483647), default -2147483648]"""


class MetadataResponseTopicV10(TaggedFields, total=False, closed=True):
    """``MetadataResponseTopic`` of MetadataResponse (as in version 10)."""
    error_code: int
    """The topic error, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    name: str
    """The topic name. Null for non-existing topics queried by ID. This is never null when ErrorCode is zero. One of Name and TopicId is always populated. [string]"""
    topic_id: UUID
    """The topic id. Zero for non-existing topics queried by name. This is never zero when ErrorCode is zero. One of Name and TopicId is always populated. [uuid]"""
    is_internal: bool
    """True if the topic is internal. [bool, default false]"""
    partitions: list[MetadataResponsePartitionV9]
    """Each partition in the topic. [array of MetadataResponsePartition]"""
    topic_authorized_operations: int
    """32-bit bitfield to represent authorized operations for this topic. [int32 (-2147483648 to 2147483647), default -2147483648]"""


class MetadataResponseV10(TaggedFields, total=False, closed=True):
    """MetadataResponse version 10: the response body (message, API key 3)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    brokers: list[MetadataResponseBrokerV9]
    """A list of brokers present in the cluster. [array of MetadataResponseBroker]"""
    cluster_id: str | None
    """The cluster ID that responding broker belongs to. [string, nullable, default null]"""
    controller_id: int
    """The ID of the controller broker. [int32 (-2147483648 to 2147483647), default -1]"""
    topics: list[MetadataResponseTopicV10]
    """Each topic in the response. [array of MetadataResponseTopic]"""
    cluster_authorized_operations: int
    """32-bit bitfield to represent authorized operations for this cluster. [int32 (-2147483648 to 2147483647), default -2147483648]"""


class MetadataResponseV11(TaggedFields, total=False, closed=True):
    """MetadataResponse version 11: the response body (message, API key 3)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    brokers: list[MetadataResponseBrokerV9]
    """A list of brokers present in the cluster. [array of MetadataResponseBroker]"""
    cluster_id: str | None
    """The cluster ID that responding broker belongs to. [string, nullable, default null]"""
    controller_id: int
    """The ID of the controller broker. [int32 (-2147483648 to 2147483647), default -1]"""
    topics: list[MetadataResponseTopicV10]
    """Each topic in the response. [array of MetadataResponseTopic]"""


class MetadataResponseTopicV12(TaggedFields, total=False, closed=True):
    """``MetadataResponseTopic`` of MetadataResponse (as in version 12)."""
    error_code: int
    """The topic error, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    name: str | None
    """The topic name. Null for non-existing topics queried by ID. This is never null when ErrorCode is zero. One of Name and TopicId is always populated. [string, nullable]"""
    topic_id: UUID
    """The topic id. Zero for non-existing topics queried by name. This is never zero when ErrorCode is zero. One of Name and TopicId is always populated. [uuid]"""
    is_internal: bool
    """True if the topic is internal. [bool, default false]"""
    partitions: list[MetadataResponsePartitionV9]
    """Each partition in the topic. [array of MetadataResponsePartition]"""
    topic_authorized_operations: int
    """32-bit bitfield to represent authorized operations for this topic. [int32 (-2147483648 to 2147483647), default -2147483648]"""


class MetadataResponseV12(TaggedFields, total=False, closed=True):
    """MetadataResponse version 12: the response body (message, API key 3)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    brokers: list[MetadataResponseBrokerV9]
    """A list of brokers present in the cluster. [array of MetadataResponseBroker]"""
    cluster_id: str | None
    """The cluster ID that responding broker belongs to. [string, nullable, default null]"""
    controller_id: int
    """The ID of the controller broker. [int32 (-2147483648 to 2147483647), default -1]"""
    topics: list[MetadataResponseTopicV12]
    """Each topic in the response. [array of MetadataResponseTopic]"""


class MetadataResponseV13(TaggedFields, total=False, closed=True):
    """MetadataResponse version 13: the response body (message, API key 3)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    brokers: list[MetadataResponseBrokerV9]
    """A list of brokers present in the cluster. [array of MetadataResponseBroker]"""
    cluster_id: str | None
    """The cluster ID that responding broker belongs to. [string, nullable, default null]"""
    controller_id: int
    """The ID of the controller broker. [int32 (-2147483648 to 2147483647), default -1]"""
    topics: list[MetadataResponseTopicV12]
    """Each topic in the response. [array of MetadataResponseTopic]"""
    error_code: int
    """The top-level error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""


class OffsetCommitRequestPartitionV0(TypedDict, total=False, closed=True):
    """``OffsetCommitRequestPartition`` of OffsetCommitRequest (as in version 0)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    committed_offset: int
    """The message offset to be committed. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    committed_metadata: str | None
    """Any associated metadata the client wants to keep. [string, nullable]"""


class OffsetCommitRequestTopicV0(TypedDict, total=False, closed=True):
    """``OffsetCommitRequestTopic`` of OffsetCommitRequest (as in version 0)."""
    name: str
    """The topic name. [string]"""
    partitions: list[OffsetCommitRequestPartitionV0]
    """Each partition to commit offsets for. [array of OffsetCommitRequestPartition]"""


class OffsetCommitRequestV0(TypedDict, total=False, closed=True):
    """OffsetCommitRequest version 0: the request body (message, API key 8)."""
    group_id: str
    """The unique group identifier. [string]"""
    topics: list[OffsetCommitRequestTopicV0]
    """The topics to commit offsets for. [array of OffsetCommitRequestTopic]"""


class OffsetCommitRequestPartitionV1(TypedDict, total=False, closed=True):
    """``OffsetCommitRequestPartition`` of OffsetCommitRequest (as in version 1)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    committed_offset: int
    """The message offset to be committed. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    commit_timestamp: int
    """The timestamp of the commit. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    committed_metadata: str | None
    """Any associated metadata the client wants to keep. [string, nullable]"""


class OffsetCommitRequestTopicV1(TypedDict, total=False, closed=True):
    """``OffsetCommitRequestTopic`` of OffsetCommitRequest (as in version 1)."""
    name: str
    """The topic name. [string]"""
    partitions: list[OffsetCommitRequestPartitionV1]
    """Each partition to commit offsets for. [array of OffsetCommitRequestPartition]"""


class OffsetCommitRequestV1(TypedDict, total=False, closed=True):
    """OffsetCommitRequest version 1: the request body (message, API key 8)."""
    group_id: str
    """The unique group identifier. [string]"""
    generation_id_or_member_epoch: int
    """The generation of the group if using the classic group protocol or the member epoch if using the consumer protocol. [int32 (-2147483648 to 2147483647), default -1]"""
    member_id: str
    """The member ID assigned by the group coordinator. [string]"""
    topics: list[OffsetCommitRequestTopicV1]
    """The topics to commit offsets for. [array of OffsetCommitRequestTopic]"""


class OffsetCommitRequestV2(TypedDict, total=False, closed=True):
    """OffsetCommitRequest version 2: the request body (message, API key 8)."""
    group_id: str
    """The unique group identifier. [string]"""
    generation_id_or_member_epoch: int
    """The generation of the group if using the classic group protocol or the member epoch if using the consumer protocol. [int32 (-2147483648 to 2147483647), default -1]"""
    member_id: str
    """The member ID assigned by the group coordinator. [string]"""
    retention_time_ms: int
    """The time period in ms to retain the offset. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    topics: list[OffsetCommitRequestTopicV0]
    """The topics to commit offsets for. [array of OffsetCommitRequestTopic]"""

OffsetCommitRequestV3 = OffsetCommitRequestV2
"""OffsetCommitRequest version 3: the request body (message, API key 8)."""

OffsetCommitRequestV4 = OffsetCommitRequestV2
"""OffsetCommitRequest version 4: the request body (message, API key 8)."""


class OffsetCommitRequestV5(TypedDict, total=False, closed=True):
    """OffsetCommitRequest version 5: the request body (message, API key 8)."""
    group_id: str
    """The unique group identifier. [string]"""
    generation_id_or_member_epoch: int
    """The generation of the group if using the classic group protocol or the member epoch if using the consumer protocol. [int32 (-2147483648 to 2147483647), default -1]"""
    member_id: str
    """The member ID assigned by the group coordinator. [string]"""
    topics: list[OffsetCommitRequestTopicV0]
    """The topics to commit offsets for. [array of OffsetCommitRequestTopic]"""


class OffsetCommitRequestPartitionV6(TypedDict, total=False, closed=True):
    """``OffsetCommitRequestPartition`` of OffsetCommitRequest (as in version 6)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    committed_offset: int
    """The message offset to be committed. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    committed_leader_epoch: int
    """The leader epoch of this partition. [int32 (-2147483648 to 2147483647), default -1]"""
    committed_metadata: str | None
    """Any associated metadata the client wants to keep. [string, nullable]"""


class OffsetCommitRequestTopicV6(TypedDict, total=False, closed=True):
    """``OffsetCommitRequestTopic`` of OffsetCommitRequest (as in version 6)."""
    name: str
    """The topic name. [string]"""
    partitions: list[OffsetCommitRequestPartitionV6]
    """Each partition to commit offsets for. [array of OffsetCommitRequestPartition]"""


class OffsetCommitRequestV6(TypedDict, total=False, closed=True):
    """OffsetCommitRequest version 6: the request body (message, API key 8)."""
    group_id: str
    """The unique group identifier. [string]"""
    generation_id_or_member_epoch: int
    """The generation of the group if using the classic group protocol or the member epoch if using the consumer protocol. [int32 (-2147483648 to 2147483647), default -1]"""
    member_id: str
    """The member ID assigned by the group coordinator. [string]"""
    topics: list[OffsetCommitRequestTopicV6]
    """The topics to commit offsets for. [array of OffsetCommitRequestTopic]"""


class OffsetCommitRequestV7(TypedDict, total=False, closed=True):
    """OffsetCommitRequest version 7: the request body (message, API key 8)."""
    group_id: str
    """The unique group identifier. [string]"""
    generation_id_or_member_epoch: int
    """The generation of the group if using the classic group protocol or the member epoch if using the consumer protocol. [int32 (-2147483648 to 2147483647), default -1]"""
    member_id: str
    """The member ID assigned by the group coordinator. [string]"""
    group_instance_id: str | None
    """The unique identifier of the consumer instance provided by end user. [string, nullable, default null]"""
    topics: list[OffsetCommitRequestTopicV6]
    """The topics to commit offsets for. [array of OffsetCommitRequestTopic]"""


class OffsetCommitRequestPartitionV8(TaggedFields, total=False, closed=True):
    """``OffsetCommitRequestPartition`` of OffsetCommitRequest (as in version 8)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    committed_offset: int
    """The message offset to be committed. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    committed_leader_epoch: int
    """The leader epoch of this partition. [int32 (-2147483648 to 2147483647), default -1]"""
    committed_metadata: str | None
    """Any associated metadata the client wants to keep. [string, nullable]"""


class OffsetCommitRequestTopicV8(TaggedFields, total=False, closed=True):
    """``OffsetCommitRequestTopic`` of OffsetCommitRequest (as in version 8)."""
    name: str
    """The topic name. [string]"""
    partitions: list[OffsetCommitRequestPartitionV8]
    """Each partition to commit offsets for. [array of OffsetCommitRequestPartition]"""


class OffsetCommitRequestV8(TaggedFields, total=False, closed=True):
    """OffsetCommitRequest version 8: the request body (message, API key 8)."""
    group_id: str
    """The unique group identifier. [string]"""
    generation_id_or_member_epoch: int
    """The generation of the group if using the classic group protocol or the member epoch if using the consumer protocol. [int32 (-2147483648 to 2147483647), default -1]"""
    member_id: str
    """The member ID assigned by the group coordinator. [string]"""
    group_instance_id: str | None
    """The unique identifier of the consumer instance provided by end user. [string, nullable, default null]"""
    topics: list[OffsetCommitRequestTopicV8]
    """The topics to commit offsets for. [array of OffsetCommitRequestTopic]"""

OffsetCommitRequestV9 = OffsetCommitRequestV8
"""OffsetCommitRequest version 9: the request body (message, API key 8)."""


class OffsetCommitRequestTopicV10(TaggedFields, total=False, closed=True):
    """``OffsetCommitRequestTopic`` of OffsetCommitRequest (as in version 10)."""
    topic_id: UUID
    """The topic ID. [uuid]"""
    partitions: list[OffsetCommitRequestPartitionV8]
    """Each partition to commit offsets for. [array of OffsetCommitRequestPartition]"""


class OffsetCommitRequestV10(TaggedFields, total=False, closed=True):
    """OffsetCommitRequest version 10: the request body (message, API key 8)."""
    group_id: str
    """The unique group identifier. [string]"""
    generation_id_or_member_epoch: int
    """The generation of the group if using the classic group protocol or the member epoch if using the consumer protocol. [int32 (-2147483648 to 2147483647), default -1]"""
    member_id: str
    """The member ID assigned by the group coordinator. [string]"""
    group_instance_id: str | None
    """The unique identifier of the consumer instance provided by end user. [string, nullable, default null]"""
    topics: list[OffsetCommitRequestTopicV10]
    """The topics to commit offsets for. [array of OffsetCommitRequestTopic]"""


class OffsetCommitResponsePartitionV0(TypedDict, total=False, closed=True):
    """``OffsetCommitResponsePartition`` of OffsetCommitResponse (as in version 0)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""


class OffsetCommitResponseTopicV0(TypedDict, total=False, closed=True):
    """``OffsetCommitResponseTopic`` of OffsetCommitResponse (as in version 0)."""
    name: str
    """The topic name. [string]"""
    partitions: list[OffsetCommitResponsePartitionV0]
    """The responses for each partition in the topic. [array of OffsetCommitResponsePartition]"""


class OffsetCommitResponseV0(TypedDict, total=False, closed=True):
    """OffsetCommitResponse version 0: the response body (message, API key 8)."""
    topics: list[OffsetCommitResponseTopicV0]
    """The responses for each topic. [array of OffsetCommitResponseTopic]"""

OffsetCommitResponseV1 = OffsetCommitResponseV0
"""OffsetCommitResponse version 1: the response body (message, API key 8)."""

OffsetCommitResponseV2 = OffsetCommitResponseV0
"""OffsetCommitResponse version 2: the response body (message, API key 8)."""


class OffsetCommitResponseV3(TypedDict, total=False, closed=True):
    """OffsetCommitResponse version 3: the response body (message, API key 8)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    topics: list[OffsetCommitResponseTopicV0]
    """The responses for each topic. [array of OffsetCommitResponseTopic]"""

OffsetCommitResponseV4 = OffsetCommitResponseV3
"""OffsetCommitResponse version 4: the response body (message, API key 8)."""

OffsetCommitResponseV5 = OffsetCommitResponseV3
"""OffsetCommitResponse version 5: the response body (message, API key 8)."""

OffsetCommitResponseV6 = OffsetCommitResponseV3
"""OffsetCommitResponse version 6: the response body (message, API key 8)."""

OffsetCommitResponseV7 = OffsetCommitResponseV3
"""OffsetCommitResponse version 7: the response body (message, API key 8)."""


class OffsetCommitResponsePartitionV8(TaggedFields, total=False, closed=True):
    """``OffsetCommitResponsePartition`` of OffsetCommitResponse (as in version 8)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""


class OffsetCommitResponseTopicV8(TaggedFields, total=False, closed=True):
    """``OffsetCommitResponseTopic`` of OffsetCommitResponse (as in version 8)."""
    name: str
    """The topic name. [string]"""
    partitions: list[OffsetCommitResponsePartitionV8]
    """The responses for each partition in the topic. [array of OffsetCommitResponsePartition]"""


class OffsetCommitResponseV8(TaggedFields, total=False, closed=True):
    """OffsetCommitResponse version 8: the response body (message, API key 8)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    topics: list[OffsetCommitResponseTopicV8]
    """The responses for each topic. [array of OffsetCommitResponseTopic]"""

OffsetCommitResponseV9 = OffsetCommitResponseV8
"""OffsetCommitResponse version 9: the response body (message, API key 8)."""


class OffsetCommitResponseTopicV10(TaggedFields, total=False, closed=True):
    """``OffsetCommitResponseTopic`` of OffsetCommitResponse (as in version 10)."""
    topic_id: UUID
    """The topic ID. [uuid]"""
    partitions: list[OffsetCommitResponsePartitionV8]
    """The responses for each partition in the topic. [array of OffsetCommitResponsePartition]"""


class OffsetCommitResponseV10(TaggedFields, total=False, closed=True):
    """OffsetCommitResponse version 10: the response body (message, API key 8)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    topics: list[OffsetCommitResponseTopicV10]
    """The responses for each topic. [array of OffsetCommitResponseTopic]"""


class OffsetDeleteRequestPartitionV0(TypedDict, total=False, closed=True):
    """``OffsetDeleteRequestPartition`` of OffsetDeleteRequest (as in version 0)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""


class OffsetDeleteRequestTopicV0(TypedDict, total=False, closed=True):
    """``OffsetDeleteRequestTopic`` of OffsetDeleteRequest (as in version 0)."""
    name: str
    """The topic name. [string]"""
    partitions: list[OffsetDeleteRequestPartitionV0]
    """Each partition to delete offsets for. [array of OffsetDeleteRequestPartition]"""


class OffsetDeleteRequestV0(TypedDict, total=False, closed=True):
    """OffsetDeleteRequest version 0: the request body (message, API key 47)."""
    group_id: str
    """The unique group identifier. [string]"""
    topics: list[OffsetDeleteRequestTopicV0]
    """The topics to delete offsets for. [array of OffsetDeleteRequestTopic]"""


class OffsetDeleteResponsePartitionV0(TypedDict, total=False, closed=True):
    """``OffsetDeleteResponsePartition`` of OffsetDeleteResponse (as in version 0)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""


class OffsetDeleteResponseTopicV0(TypedDict, total=False, closed=True):
    """``OffsetDeleteResponseTopic`` of OffsetDeleteResponse (as in version 0)."""
    name: str
    """The topic name. [string]"""
    partitions: list[OffsetDeleteResponsePartitionV0]
    """The responses for each partition in the topic. [array of OffsetDeleteResponsePartition]"""


class OffsetDeleteResponseV0(TypedDict, total=False, closed=True):
    """OffsetDeleteResponse version 0: the response body (message, API key 47)."""
    error_code: int
    """The top-level error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    topics: list[OffsetDeleteResponseTopicV0]
    """The responses for each topic. [array of OffsetDeleteResponseTopic]"""


class OffsetFetchRequestTopicV0(TypedDict, total=False, closed=True):
    """``OffsetFetchRequestTopic`` of OffsetFetchRequest (as in version 0)."""
    name: str
    """The topic name. [string]"""
    partition_indexes: list[int]
    """The partition indexes we would like to fetch offsets for. [array of int32 (-2147483648 to 2147483647)]"""


class OffsetFetchRequestV0(TypedDict, total=False, closed=True):
    """OffsetFetchRequest version 0: the request body (message, API key 9)."""
    group_id: str
    """The group to fetch offsets for. [string]"""
    topics: list[OffsetFetchRequestTopicV0]
    """Each topic we would like to fetch offsets for, or null to fetch offsets for all topics. [array of OffsetFetchRequestTopic]"""

OffsetFetchRequestV1 = OffsetFetchRequestV0
"""OffsetFetchRequest version 1: the request body (message, API key 9)."""


class OffsetFetchRequestV2(TypedDict, total=False, closed=True):
    """OffsetFetchRequest version 2: the request body (message, API key 9)."""
    group_id: str
    """The group to fetch offsets for. [string]"""
    topics: list[OffsetFetchRequestTopicV0] | None
    """Each topic we would like to fetch offsets for, or null to fetch offsets for all topics. [array of OffsetFetchRequestTopic, nullable]"""

OffsetFetchRequestV3 = OffsetFetchRequestV2
"""OffsetFetchRequest version 3: the request body (message, API key 9)."""

OffsetFetchRequestV4 = OffsetFetchRequestV2
"""OffsetFetchRequest version 4: the request body (message, API key 9)."""

OffsetFetchRequestV5 = OffsetFetchRequestV2
"""OffsetFetchRequest version 5: the request body (message, API key 9)."""


class OffsetFetchRequestTopicV6(TaggedFields, total=False, closed=True):
    """``OffsetFetchRequestTopic`` of OffsetFetchRequest (as in version 6)."""
    name: str
    """The topic name. [string]"""
    partition_indexes: list[int]
    """The partition indexes we would like to fetch offsets for. [array of int32 (-2147483648 to 2147483647)]"""


class OffsetFetchRequestV6(TaggedFields, total=False, closed=True):
    """OffsetFetchRequest version 6: the request body (message, API key 9)."""
    group_id: str
    """The group to fetch offsets for. [string]"""
    topics: list[OffsetFetchRequestTopicV6] | None
    """Each topic we would like to fetch offsets for, or null to fetch offsets for all topics. [array of OffsetFetchRequestTopic, nullable]"""


class OffsetFetchRequestV7(TaggedFields, total=False, closed=True):
    """OffsetFetchRequest version 7: the request body (message, API key 9)."""
    group_id: str
    """The group to fetch offsets for. [string]"""
    topics: list[OffsetFetchRequestTopicV6] | None
    """Each topic we would like to fetch offsets for, or null to fetch offsets for all topics. [array of OffsetFetchRequestTopic, nullable]"""
    require_stable: bool
    """Whether broker should hold on returning unstable offsets but set a retriable error code for the partitions. [bool, default false]"""


class OffsetFetchRequestTopicsV8(TaggedFields, total=False, closed=True):
    """``OffsetFetchRequestTopics`` of OffsetFetchRequest (as in version 8)."""
    name: str
    """The topic name. [string]"""
    partition_indexes: list[int]
    """The partition indexes we would like to fetch offsets for. [array of int32 (-2147483648 to 2147483647)]"""


class OffsetFetchRequestGroupV8(TaggedFields, total=False, closed=True):
    """``OffsetFetchRequestGroup`` of OffsetFetchRequest (as in version 8)."""
    group_id: str
    """The group ID. [string]"""
    topics: list[OffsetFetchRequestTopicsV8] | None
    """Each topic we would like to fetch offsets for, or null to fetch offsets for all topics. [array of OffsetFetchRequestTopics, nullable]"""


class OffsetFetchRequestV8(TaggedFields, total=False, closed=True):
    """OffsetFetchRequest version 8: the request body (message, API key 9)."""
    groups: list[OffsetFetchRequestGroupV8]
    """Each group we would like to fetch offsets for. [array of OffsetFetchRequestGroup]"""
    require_stable: bool
    """Whether broker should hold on returning unstable offsets but set a retriable error code for the partitions. [bool, default false]"""


class OffsetFetchRequestGroupV9(TaggedFields, total=False, closed=True):
    """``OffsetFetchRequestGroup`` of OffsetFetchRequest (as in version 9)."""
    group_id: str
    """The group ID. [string]"""
    member_id: str | None
    """The member id. [string, nullable, default null]"""
    member_epoch: int
    """The member epoch if using the new consumer protocol (KIP-848). [int32 (-2147483648 to 2147483647), default -1]"""
    topics: list[OffsetFetchRequestTopicsV8] | None
    """Each topic we would like to fetch offsets for, or null to fetch offsets for all topics. [array of OffsetFetchRequestTopics, nullable]"""


class OffsetFetchRequestV9(TaggedFields, total=False, closed=True):
    """OffsetFetchRequest version 9: the request body (message, API key 9)."""
    groups: list[OffsetFetchRequestGroupV9]
    """Each group we would like to fetch offsets for. [array of OffsetFetchRequestGroup]"""
    require_stable: bool
    """Whether broker should hold on returning unstable offsets but set a retriable error code for the partitions. [bool, default false]"""


class OffsetFetchRequestTopicsV10(TaggedFields, total=False, closed=True):
    """``OffsetFetchRequestTopics`` of OffsetFetchRequest (as in version 10)."""
    topic_id: UUID
    """The topic ID. [uuid]"""
    partition_indexes: list[int]
    """The partition indexes we would like to fetch offsets for. [array of int32 (-2147483648 to 2147483647)]"""


class OffsetFetchRequestGroupV10(TaggedFields, total=False, closed=True):
    """``OffsetFetchRequestGroup`` of OffsetFetchRequest (as in version 10)."""
    group_id: str
    """The group ID. [string]"""
    member_id: str | None
    """The member id. [string, nullable, default null]"""
    member_epoch: int
    """The member epoch if using the new consumer protocol (KIP-848). [int32 (-2147483648 to 2147483647), default -1]"""
    topics: list[OffsetFetchRequestTopicsV10] | None
    """Each topic we would like to fetch offsets for, or null to fetch offsets for all topics. [array of OffsetFetchRequestTopics, nullable]"""


class OffsetFetchRequestV10(TaggedFields, total=False, closed=True):
    """OffsetFetchRequest version 10: the request body (message, API key 9)."""
    groups: list[OffsetFetchRequestGroupV10]
    """Each group we would like to fetch offsets for. [array of OffsetFetchRequestGroup]"""
    require_stable: bool
    """Whether broker should hold on returning unstable offsets but set a retriable error code for the partitions. [bool, default false]"""


class OffsetFetchResponsePartitionV0(TypedDict, total=False, closed=True):
    """``OffsetFetchResponsePartition`` of OffsetFetchResponse (as in version 0)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    committed_offset: int
    """The committed message offset. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    metadata: str | None
    """The partition metadata. [string, nullable]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""


class OffsetFetchResponseTopicV0(TypedDict, total=False, closed=True):
    """``OffsetFetchResponseTopic`` of OffsetFetchResponse (as in version 0)."""
    name: str
    """The topic name. [string]"""
    partitions: list[OffsetFetchResponsePartitionV0]
    """The responses per partition. [array of OffsetFetchResponsePartition]"""


class OffsetFetchResponseV0(TypedDict, total=False, closed=True):
    """OffsetFetchResponse version 0: the response body (message, API key 9)."""
    topics: list[OffsetFetchResponseTopicV0]
    """The responses per topic. [array of OffsetFetchResponseTopic]"""

OffsetFetchResponseV1 = OffsetFetchResponseV0
"""OffsetFetchResponse version 1: the response body (message, API key 9)."""


class OffsetFetchResponseV2(TypedDict, total=False, closed=True):
    """OffsetFetchResponse version 2: the response body (message, API key 9)."""
    topics: list[OffsetFetchResponseTopicV0]
    """The responses per topic. [array of OffsetFetchResponseTopic]"""
    error_code: int
    """The top-level error code, or 0 if there was no error. [int16 (-32768 to 32767), default 0]"""


class OffsetFetchResponseV3(TypedDict, total=False, closed=True):
    """OffsetFetchResponse version 3: the response body (message, API key 9)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    topics: list[OffsetFetchResponseTopicV0]
    """The responses per topic. [array of OffsetFetchResponseTopic]"""
    error_code: int
    """The top-level error code, or 0 if there was no error. [int16 (-32768 to 32767), default 0]"""

OffsetFetchResponseV4 = OffsetFetchResponseV3
"""OffsetFetchResponse version 4: the response body (message, API key 9)."""


class OffsetFetchResponsePartitionV5(TypedDict, total=False, closed=True):
    """``OffsetFetchResponsePartition`` of OffsetFetchResponse (as in version 5)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    committed_offset: int
    """The committed message offset. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    committed_leader_epoch: int
    """The leader epoch. [int32 (-2147483648 to 2147483647), default -1]"""
    metadata: str | None
    """The partition metadata. [string, nullable]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""


class OffsetFetchResponseTopicV5(TypedDict, total=False, closed=True):
    """``OffsetFetchResponseTopic`` of OffsetFetchResponse (as in version 5)."""
    name: str
    """The topic name. [string]"""
    partitions: list[OffsetFetchResponsePartitionV5]
    """The responses per partition. [array of OffsetFetchResponsePartition]"""


class OffsetFetchResponseV5(TypedDict, total=False, closed=True):
    """OffsetFetchResponse version 5: the response body (message, API key 9)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    topics: list[OffsetFetchResponseTopicV5]
    """The responses per topic. [array of OffsetFetchResponseTopic]"""
    error_code: int
    """The top-level error code, or 0 if there was no error. [int16 (-32768 to 32767), default 0]"""


class OffsetFetchResponsePartitionV6(TaggedFields, total=False, closed=True):
    """``OffsetFetchResponsePartition`` of OffsetFetchResponse (as in version 6)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    committed_offset: int
    """The committed message offset. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    committed_leader_epoch: int
    """The leader epoch. [int32 (-2147483648 to 2147483647), default -1]"""
    metadata: str | None
    """The partition metadata. [string, nullable]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""


class OffsetFetchResponseTopicV6(TaggedFields, total=False, closed=True):
    """``OffsetFetchResponseTopic`` of OffsetFetchResponse (as in version 6)."""
    name: str
    """The topic name. [string]"""
    partitions: list[OffsetFetchResponsePartitionV6]
    """The responses per partition. [array of OffsetFetchResponsePartition]"""


class OffsetFetchResponseV6(TaggedFields, total=False, closed=True):
    """OffsetFetchResponse version 6: the response body (message, API key 9)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    topics: list[OffsetFetchResponseTopicV6]
    """The responses per topic. [array of OffsetFetchResponseTopic]"""
    error_code: int
    """The top-level error code, or 0 if there was no error. [int16 (-32768 to 32767), default 0]"""

OffsetFetchResponseV7 = OffsetFetchResponseV6
"""OffsetFetchResponse version 7: the response body (message, API key 9)."""


class OffsetFetchResponsePartitionsV8(TaggedFields, total=False, closed=True):
    """``OffsetFetchResponsePartitions`` of OffsetFetchResponse (as in version 8)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    committed_offset: int
    """The committed message offset. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    committed_leader_epoch: int
    """The leader epoch. [int32 (-2147483648 to 2147483647), default -1]"""
    metadata: str | None
    """The partition metadata. [string, nullable]"""
    error_code: int
    """The partition-level error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""


class OffsetFetchResponseTopicsV8(TaggedFields, total=False, closed=True):
    """``OffsetFetchResponseTopics`` of OffsetFetchResponse (as in version 8)."""
    name: str
    """The topic name. [string]"""
    partitions: list[OffsetFetchResponsePartitionsV8]
    """The responses per partition. [array of OffsetFetchResponsePartitions]"""


class OffsetFetchResponseGroupV8(TaggedFields, total=False, closed=True):
    """``OffsetFetchResponseGroup`` of OffsetFetchResponse (as in version 8)."""
    group_id: str
    """The group ID. [string]"""
    topics: list[OffsetFetchResponseTopicsV8]
    """The responses per topic. [array of OffsetFetchResponseTopics]"""
    error_code: int
    """The group-level error code, or 0 if there was no error. [int16 (-32768 to 32767), default 0]"""


class OffsetFetchResponseV8(TaggedFields, total=False, closed=True):
    """OffsetFetchResponse version 8: the response body (message, API key 9)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    groups: list[OffsetFetchResponseGroupV8]
    """The responses per group id. [array of OffsetFetchResponseGroup]"""

OffsetFetchResponseV9 = OffsetFetchResponseV8
"""OffsetFetchResponse version 9: the response body (message, API key 9)."""


class OffsetFetchResponseTopicsV10(TaggedFields, total=False, closed=True):
    """``OffsetFetchResponseTopics`` of OffsetFetchResponse (as in version 10)."""
    topic_id: UUID
    """The topic ID. [uuid]"""
    partitions: list[OffsetFetchResponsePartitionsV8]
    """The responses per partition. [array of OffsetFetchResponsePartitions]"""


class OffsetFetchResponseGroupV10(TaggedFields, total=False, closed=True):
    """``OffsetFetchResponseGroup`` of OffsetFetchResponse (as in version 10)."""
    group_id: str
    """The group ID. [string]"""
    topics: list[OffsetFetchResponseTopicsV10]
    """The responses per topic. [array of OffsetFetchResponseTopics]"""
    error_code: int
    """The group-level error code, or 0 if there was no error. [int16 (-32768 to 32767), default 0]"""


class OffsetFetchResponseV10(TaggedFields, total=False, closed=True):
    """OffsetFetchResponse version 10: the response body (message, API key 9)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    groups: list[OffsetFetchResponseGroupV10]
    """The responses per group id. [array of OffsetFetchResponseGroup]"""


class OffsetForLeaderEpochRequestOffsetForLeaderPartitionV0(TypedDict, total=False, closed=True):
    """``OffsetForLeaderPartition`` of OffsetForLeaderEpochRequest (as in version 0)."""
    partition: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The epoch to look up an offset for. [int32 (-2147483648 to 2147483647)]"""


class OffsetForLeaderEpochRequestOffsetForLeaderTopicV0(TypedDict, total=False, closed=True):
    """``OffsetForLeaderTopic`` of OffsetForLeaderEpochRequest (as in version 0)."""
    topic: str
    """The topic name. [string]"""
    partitions: list[OffsetForLeaderEpochRequestOffsetForLeaderPartitionV0]
    """Each partition to get offsets for. [array of OffsetForLeaderPartition]"""


class OffsetForLeaderEpochRequestV0(TypedDict, total=False, closed=True):
    """OffsetForLeaderEpochRequest version 0: the request body (message, API key 23)."""
    topics: list[OffsetForLeaderEpochRequestOffsetForLeaderTopicV0]
    """Each topic to get offsets for. [array of OffsetForLeaderTopic]"""

OffsetForLeaderEpochRequestV1 = OffsetForLeaderEpochRequestV0
"""OffsetForLeaderEpochRequest version 1: the request body (message, API key 23)."""


class OffsetForLeaderEpochRequestOffsetForLeaderPartitionV2(TypedDict, total=False, closed=True):
    """``OffsetForLeaderPartition`` of OffsetForLeaderEpochRequest (as in version 2)."""
    partition: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    current_leader_epoch: int
    """An epoch used to fence consumers/replicas with old metadata. If the epoch provided by the client is larger than the current epoch known to the broker, then the UNKNOWN_LEADER_EPOCH error code will be returned. If the provided epoch is smaller, then the FENCED_LEADER_EPOCH error code will be returned. [int32 (-2147483648 to 2147483647), default -1]"""
    leader_epoch: int
    """The epoch to look up an offset for. [int32 (-2147483648 to 2147483647)]"""


class OffsetForLeaderEpochRequestOffsetForLeaderTopicV2(TypedDict, total=False, closed=True):
    """``OffsetForLeaderTopic`` of OffsetForLeaderEpochRequest (as in version 2)."""
    topic: str
    """The topic name. [string]"""
    partitions: list[OffsetForLeaderEpochRequestOffsetForLeaderPartitionV2]
    """Each partition to get offsets for. [array of OffsetForLeaderPartition]"""


class OffsetForLeaderEpochRequestV2(TypedDict, total=False, closed=True):
    """OffsetForLeaderEpochRequest version 2: the request body (message, API key 23)."""
    topics: list[OffsetForLeaderEpochRequestOffsetForLeaderTopicV2]
    """Each topic to get offsets for. [array of OffsetForLeaderTopic]"""


class OffsetForLeaderEpochRequestV3(TypedDict, total=False, closed=True):
    """OffsetForLeaderEpochRequest version 3: the request body (message, API key 23)."""
    replica_id: int
    """The broker ID of the follower, of -1 if this request is from a consumer. [int32 (-2147483648 to 2147483647), default -2]"""
    topics: list[OffsetForLeaderEpochRequestOffsetForLeaderTopicV2]
    """Each topic to get offsets for. [array of OffsetForLeaderTopic]"""


class OffsetForLeaderEpochRequestOffsetForLeaderPartitionV4(TaggedFields, total=False, closed=True):
    """``OffsetForLeaderPartition`` of OffsetForLeaderEpochRequest (as in version 4)."""
    partition: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    current_leader_epoch: int
    """An epoch used to fence consumers/replicas with old metadata. If the epoch provided by the client is larger than the current epoch known to the broker, then the UNKNOWN_LEADER_EPOCH error code will be returned. If the provided epoch is smaller, then the FENCED_LEADER_EPOCH error code will be returned. [int32 (-2147483648 to 2147483647), default -1]"""
    leader_epoch: int
    """The epoch to look up an offset for. [int32 (-2147483648 to 2147483647)]"""


class OffsetForLeaderEpochRequestOffsetForLeaderTopicV4(TaggedFields, total=False, closed=True):
    """``OffsetForLeaderTopic`` of OffsetForLeaderEpochRequest (as in version 4)."""
    topic: str
    """The topic name. [string]"""
    partitions: list[OffsetForLeaderEpochRequestOffsetForLeaderPartitionV4]
    """Each partition to get offsets for. [array of OffsetForLeaderPartition]"""


class OffsetForLeaderEpochRequestV4(TaggedFields, total=False, closed=True):
    """OffsetForLeaderEpochRequest version 4: the request body (message, API key 23)."""
    replica_id: int
    """The broker ID of the follower, of -1 if this request is from a consumer. [int32 (-2147483648 to 2147483647), default -2]"""
    topics: list[OffsetForLeaderEpochRequestOffsetForLeaderTopicV4]
    """Each topic to get offsets for. [array of OffsetForLeaderTopic]"""


class OffsetForLeaderEpochResponseEpochEndOffsetV0(TypedDict, total=False, closed=True):
    """``EpochEndOffset`` of OffsetForLeaderEpochResponse (as in version 0)."""
    error_code: int
    """The error code 0, or if there was no error. [int16 (-32768 to 32767)]"""
    partition: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    end_offset: int
    """The end offset of the epoch. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""


class OffsetForLeaderEpochResponseOffsetForLeaderTopicResultV0(TypedDict, total=False, closed=True):
    """``OffsetForLeaderTopicResult`` of OffsetForLeaderEpochResponse (as in version 0)."""
    topic: str
    """The topic name. [string]"""
    partitions: list[OffsetForLeaderEpochResponseEpochEndOffsetV0]
    """Each partition in the topic we fetched offsets for. [array of EpochEndOffset]"""


class OffsetForLeaderEpochResponseV0(TypedDict, total=False, closed=True):
    """OffsetForLeaderEpochResponse version 0: the response body (message, API key 23)."""
    topics: list[OffsetForLeaderEpochResponseOffsetForLeaderTopicResultV0]
    """Each topic we fetched offsets for. [array of OffsetForLeaderTopicResult]"""


class OffsetForLeaderEpochResponseEpochEndOffsetV1(TypedDict, total=False, closed=True):
    """``EpochEndOffset`` of OffsetForLeaderEpochResponse (as in version 1)."""
    error_code: int
    """The error code 0, or if there was no error. [int16 (-32768 to 32767)]"""
    partition: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The leader epoch of the partition. [int32 (-2147483648 to 2147483647), default -1]"""
    end_offset: int
    """The end offset of the epoch. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""


class OffsetForLeaderEpochResponseOffsetForLeaderTopicResultV1(TypedDict, total=False, closed=True):
    """``OffsetForLeaderTopicResult`` of OffsetForLeaderEpochResponse (as in version 1)."""
    topic: str
    """The topic name. [string]"""
    partitions: list[OffsetForLeaderEpochResponseEpochEndOffsetV1]
    """Each partition in the topic we fetched offsets for. [array of EpochEndOffset]"""


class OffsetForLeaderEpochResponseV1(TypedDict, total=False, closed=True):
    """OffsetForLeaderEpochResponse version 1: the response body (message, API key 23)."""
    topics: list[OffsetForLeaderEpochResponseOffsetForLeaderTopicResultV1]
    """Each topic we fetched offsets for. [array of OffsetForLeaderTopicResult]"""


class OffsetForLeaderEpochResponseV2(TypedDict, total=False, closed=True):
    """OffsetForLeaderEpochResponse version 2: the response body (message, API key 23)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    topics: list[OffsetForLeaderEpochResponseOffsetForLeaderTopicResultV1]
    """Each topic we fetched offsets for. [array of OffsetForLeaderTopicResult]"""

OffsetForLeaderEpochResponseV3 = OffsetForLeaderEpochResponseV2
"""OffsetForLeaderEpochResponse version 3: the response body (message, API key 23)."""


class OffsetForLeaderEpochResponseEpochEndOffsetV4(TaggedFields, total=False, closed=True):
    """``EpochEndOffset`` of OffsetForLeaderEpochResponse (as in version 4)."""
    error_code: int
    """The error code 0, or if there was no error. [int16 (-32768 to 32767)]"""
    partition: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The leader epoch of the partition. [int32 (-2147483648 to 2147483647), default -1]"""
    end_offset: int
    """The end offset of the epoch. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""


class OffsetForLeaderEpochResponseOffsetForLeaderTopicResultV4(TaggedFields, total=False, closed=True):
    """``OffsetForLeaderTopicResult`` of OffsetForLeaderEpochResponse (as in version 4)."""
    topic: str
    """The topic name. [string]"""
    partitions: list[OffsetForLeaderEpochResponseEpochEndOffsetV4]
    """Each partition in the topic we fetched offsets for. [array of EpochEndOffset]"""


class OffsetForLeaderEpochResponseV4(TaggedFields, total=False, closed=True):
    """OffsetForLeaderEpochResponse version 4: the response body (message, API key 23)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    topics: list[OffsetForLeaderEpochResponseOffsetForLeaderTopicResultV4]
    """Each topic we fetched offsets for. [array of OffsetForLeaderTopicResult]"""


class ProduceRequestPartitionProduceDataV0(TypedDict, total=False, closed=True):
    """``PartitionProduceData`` of ProduceRequest (as in version 0)."""
    index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    records: RecordSet | None
    """The record data to be produced. [records, nullable]"""


class ProduceRequestTopicProduceDataV0(TypedDict, total=False, closed=True):
    """``TopicProduceData`` of ProduceRequest (as in version 0)."""
    name: str
    """The topic name. [string]"""
    partition_data: list[ProduceRequestPartitionProduceDataV0]
    """Each partition to produce to. [array of PartitionProduceData]"""


class ProduceRequestV0(TypedDict, total=False, closed=True):
    """ProduceRequest version 0: the request body (message, API key 0)."""
    acks: int
    """The number of acknowledgments the producer requires the leader to have received before considering a request complete. Allowed values: 0 for no acknowledgments, 1 for only the leader and -1 for the full ISR. [int16 (-32768 to 32767)]"""
    timeout_ms: int
    """The timeout to await a response in milliseconds. [int32 (-2147483648 to 2147483647)]"""
    topic_data: list[ProduceRequestTopicProduceDataV0]
    """Each topic to produce to. [array of TopicProduceData]"""

ProduceRequestV1 = ProduceRequestV0
"""ProduceRequest version 1: the request body (message, API key 0)."""

ProduceRequestV2 = ProduceRequestV0
"""ProduceRequest version 2: the request body (message, API key 0)."""


class ProduceRequestV3(TypedDict, total=False, closed=True):
    """ProduceRequest version 3: the request body (message, API key 0)."""
    transactional_id: str | None
    """The transactional ID, or null if the producer is not transactional. [string, nullable, default null]"""
    acks: int
    """The number of acknowledgments the producer requires the leader to have received before considering a request complete. Allowed values: 0 for no acknowledgments, 1 for only the leader and -1 for the full ISR. [int16 (-32768 to 32767)]"""
    timeout_ms: int
    """The timeout to await a response in milliseconds. [int32 (-2147483648 to 2147483647)]"""
    topic_data: list[ProduceRequestTopicProduceDataV0]
    """Each topic to produce to. [array of TopicProduceData]"""

ProduceRequestV4 = ProduceRequestV3
"""ProduceRequest version 4: the request body (message, API key 0)."""

ProduceRequestV5 = ProduceRequestV3
"""ProduceRequest version 5: the request body (message, API key 0)."""

ProduceRequestV6 = ProduceRequestV3
"""ProduceRequest version 6: the request body (message, API key 0)."""

ProduceRequestV7 = ProduceRequestV3
"""ProduceRequest version 7: the request body (message, API key 0)."""

ProduceRequestV8 = ProduceRequestV3
"""ProduceRequest version 8: the request body (message, API key 0)."""


class ProduceRequestPartitionProduceDataV9(TaggedFields, total=False, closed=True):
    """``PartitionProduceData`` of ProduceRequest (as in version 9)."""
    index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    records: RecordSet | None
    """The record data to be produced. [records, nullable]"""


class ProduceRequestTopicProduceDataV9(TaggedFields, total=False, closed=True):
    """``TopicProduceData`` of ProduceRequest (as in version 9)."""
    name: str
    """The topic name. [string]"""
    partition_data: list[ProduceRequestPartitionProduceDataV9]
    """Each partition to produce to. [array of PartitionProduceData]"""


class ProduceRequestV9(TaggedFields, total=False, closed=True):
    """ProduceRequest version 9: the request body (message, API key 0)."""
    transactional_id: str | None
    """The transactional ID, or null if the producer is not transactional. [string, nullable, default null]"""
    acks: int
    """The number of acknowledgments the producer requires the leader to have received before considering a request complete. Allowed values: 0 for no acknowledgments, 1 for only the leader and -1 for the full ISR. [int16 (-32768 to 32767)]"""
    timeout_ms: int
    """The timeout to await a response in milliseconds. [int32 (-2147483648 to 2147483647)]"""
    topic_data: list[ProduceRequestTopicProduceDataV9]
    """Each topic to produce to. [array of TopicProduceData]"""

ProduceRequestV10 = ProduceRequestV9
"""ProduceRequest version 10: the request body (message, API key 0)."""

ProduceRequestV11 = ProduceRequestV9
"""ProduceRequest version 11: the request body (message, API key 0)."""

ProduceRequestV12 = ProduceRequestV9
"""ProduceRequest version 12: the request body (message, API key 0)."""


class ProduceRequestTopicProduceDataV13(TaggedFields, total=False, closed=True):
    """``TopicProduceData`` of ProduceRequest (as in version 13)."""
    topic_id: UUID
    """The unique topic ID [uuid]"""
    partition_data: list[ProduceRequestPartitionProduceDataV9]
    """Each partition to produce to. [array of PartitionProduceData]"""


class ProduceRequestV13(TaggedFields, total=False, closed=True):
    """ProduceRequest version 13: the request body (message, API key 0)."""
    transactional_id: str | None
    """The transactional ID, or null if the producer is not transactional. [string, nullable, default null]"""
    acks: int
    """The number of acknowledgments the producer requires the leader to have received before considering a request complete. Allowed values: 0 for no acknowledgments, 1 for only the leader and -1 for the full ISR. [int16 (-32768 to 32767)]"""
    timeout_ms: int
    """The timeout to await a response in milliseconds. [int32 (-2147483648 to 2147483647)]"""
    topic_data: list[ProduceRequestTopicProduceDataV13]
    """Each topic to produce to. [array of TopicProduceData]"""


class ProduceResponsePartitionProduceResponseV0(TypedDict, total=False, closed=True):
    """``PartitionProduceResponse`` of ProduceResponse (as in version 0)."""
    index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    base_offset: int
    """The base offset. [int64 (-9223372036854775808 to 9223372036854775807)]"""


class ProduceResponseTopicProduceResponseV0(TypedDict, total=False, closed=True):
    """``TopicProduceResponse`` of ProduceResponse (as in version 0)."""
    name: str
    """The topic name. [string]"""
    partition_responses: list[ProduceResponsePartitionProduceResponseV0]
    """Each partition that we produced to within the topic. [array of PartitionProduceResponse]"""


class ProduceResponseV0(TypedDict, total=False, closed=True):
    """ProduceResponse version 0: the response body (message, API key 0)."""
    responses: list[ProduceResponseTopicProduceResponseV0]
    """Each produce response. [array of TopicProduceResponse]"""


class ProduceResponseV1(TypedDict, total=False, closed=True):
    """ProduceResponse version 1: the response body (message, API key 0)."""
    responses: list[ProduceResponseTopicProduceResponseV0]
    """Each produce response. [array of TopicProduceResponse]"""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647), default 0]"""


class ProduceResponsePartitionProduceResponseV2(TypedDict, total=False, closed=True):
    """``PartitionProduceResponse`` of ProduceResponse (as in version 2)."""
    index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    base_offset: int
    """The base offset. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    log_append_time_ms: int
    """The timestamp returned by broker after appending the messages. If CreateTime is used for the topic, the timestamp will be -1. If LogAppendTime is used for the topic, the timestamp will be the broker local time when the messages are appended. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""


class ProduceResponseTopicProduceResponseV2(TypedDict, total=False, closed=True):
    """``TopicProduceResponse`` of ProduceResponse (as in version 2)."""
    name: str
    """The topic name. [string]"""
    partition_responses: list[ProduceResponsePartitionProduceResponseV2]
    """Each partition that we produced to within the topic. [array of PartitionProduceResponse]"""


class ProduceResponseV2(TypedDict, total=False, closed=True):
    """ProduceResponse version 2: the response body (message, API key 0)."""
    responses: list[ProduceResponseTopicProduceResponseV2]
    """Each produce response. [array of TopicProduceResponse]"""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647), default 0]"""

ProduceResponseV3 = ProduceResponseV2
"""ProduceResponse version 3: the response body (message, API key 0)."""

ProduceResponseV4 = ProduceResponseV2
"""ProduceResponse version 4: the response body (message, API key 0)."""


class ProduceResponsePartitionProduceResponseV5(TypedDict, total=False, closed=True):
    """``PartitionProduceResponse`` of ProduceResponse (as in version 5)."""
    index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    base_offset: int
    """The base offset. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    log_append_time_ms: int
    """The timestamp returned by broker after appending the messages. If CreateTime is used for the topic, the timestamp will be -1. If LogAppendTime is used for the topic, the timestamp will be the broker local time when the messages are appended. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    log_start_offset: int
    """The log start offset. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""


class ProduceResponseTopicProduceResponseV5(TypedDict, total=False, closed=True):
    """``TopicProduceResponse`` of ProduceResponse (as in version 5)."""
    name: str
    """The topic name. [string]"""
    partition_responses: list[ProduceResponsePartitionProduceResponseV5]
    """Each partition that we produced to within the topic. [array of PartitionProduceResponse]"""


class ProduceResponseV5(TypedDict, total=False, closed=True):
    """ProduceResponse version 5: the response body (message, API key 0)."""
    responses: list[ProduceResponseTopicProduceResponseV5]
    """Each produce response. [array of TopicProduceResponse]"""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647), default 0]"""

ProduceResponseV6 = ProduceResponseV5
"""ProduceResponse version 6: the response body (message, API key 0)."""

ProduceResponseV7 = ProduceResponseV5
"""ProduceResponse version 7: the response body (message, API key 0)."""


class ProduceResponseBatchIndexAndErrorMessageV8(TypedDict, total=False, closed=True):
    """``BatchIndexAndErrorMessage`` of ProduceResponse (as in version 8)."""
    batch_index: int
    """The batch index of the record that caused the batch to be dropped. [int32 (-2147483648 to 2147483647)]"""
    batch_index_error_message: str | None
    """The error message of the record that caused the batch to be dropped. [string, nullable, default null]"""


class ProduceResponsePartitionProduceResponseV8(TypedDict, total=False, closed=True):
    """``PartitionProduceResponse`` of ProduceResponse (as in version 8)."""
    index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    base_offset: int
    """The base offset. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    log_append_time_ms: int
    """The timestamp returned by broker after appending the messages. If CreateTime is used for the topic, the timestamp will be -1. If LogAppendTime is used for the topic, the timestamp will be the broker local time when the messages are appended. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    log_start_offset: int
    """The log start offset. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    record_errors: list[ProduceResponseBatchIndexAndErrorMessageV8]
    """The batch indices of records that caused the batch to be dropped. [array of BatchIndexAndErrorMessage]"""
    error_message: str | None
    """The global error message summarizing the common root cause of the records that caused the batch to be dropped. [string, nullable, default null]"""


class ProduceResponseTopicProduceResponseV8(TypedDict, total=False, closed=True):
    """``TopicProduceResponse`` of ProduceResponse (as in version 8)."""
    name: str
    """The topic name. [string]"""
    partition_responses: list[ProduceResponsePartitionProduceResponseV8]
    """Each partition that we produced to within the topic. [array of PartitionProduceResponse]"""


class ProduceResponseV8(TypedDict, total=False, closed=True):
    """ProduceResponse version 8: the response body (message, API key 0)."""
    responses: list[ProduceResponseTopicProduceResponseV8]
    """Each produce response. [array of TopicProduceResponse]"""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647), default 0]"""


class ProduceResponseBatchIndexAndErrorMessageV9(TaggedFields, total=False, closed=True):
    """``BatchIndexAndErrorMessage`` of ProduceResponse (as in version 9)."""
    batch_index: int
    """The batch index of the record that caused the batch to be dropped. [int32 (-2147483648 to 2147483647)]"""
    batch_index_error_message: str | None
    """The error message of the record that caused the batch to be dropped. [string, nullable, default null]"""


class ProduceResponsePartitionProduceResponseV9(TaggedFields, total=False, closed=True):
    """``PartitionProduceResponse`` of ProduceResponse (as in version 9)."""
    index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    base_offset: int
    """The base offset. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    log_append_time_ms: int
    """The timestamp returned by broker after appending the messages. If CreateTime is used for the topic, the timestamp will be -1. If LogAppendTime is used for the topic, the timestamp will be the broker local time when the messages are appended. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    log_start_offset: int
    """The log start offset. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    record_errors: list[ProduceResponseBatchIndexAndErrorMessageV9]
    """The batch indices of records that caused the batch to be dropped. [array of BatchIndexAndErrorMessage]"""
    error_message: str | None
    """The global error message summarizing the common root cause of the records that caused the batch to be dropped. [string, nullable, default null]"""


class ProduceResponseTopicProduceResponseV9(TaggedFields, total=False, closed=True):
    """``TopicProduceResponse`` of ProduceResponse (as in version 9)."""
    name: str
    """The topic name. [string]"""
    partition_responses: list[ProduceResponsePartitionProduceResponseV9]
    """Each partition that we produced to within the topic. [array of PartitionProduceResponse]"""


class ProduceResponseV9(TaggedFields, total=False, closed=True):
    """ProduceResponse version 9: the response body (message, API key 0)."""
    responses: list[ProduceResponseTopicProduceResponseV9]
    """Each produce response. [array of TopicProduceResponse]"""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647), default 0]"""


class ProduceResponseLeaderIdAndEpochV10(TaggedFields, total=False, closed=True):
    """``LeaderIdAndEpoch`` of ProduceResponse (as in version 10)."""
    leader_id: int
    """The ID of the current leader or -1 if the leader is unknown. [int32 (-2147483648 to 2147483647), default -1]"""
    leader_epoch: int
    """The latest known leader epoch. [int32 (-2147483648 to 2147483647), default -1]"""


class ProduceResponsePartitionProduceResponseV10(TaggedFields, total=False, closed=True):
    """``PartitionProduceResponse`` of ProduceResponse (as in version 10)."""
    index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    base_offset: int
    """The base offset. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    log_append_time_ms: int
    """The timestamp returned by broker after appending the messages. If CreateTime is used for the topic, the timestamp will be -1. If LogAppendTime is used for the topic, the timestamp will be the broker local time when the messages are appended. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    log_start_offset: int
    """The log start offset. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    record_errors: list[ProduceResponseBatchIndexAndErrorMessageV9]
    """The batch indices of records that caused the batch to be dropped. [array of BatchIndexAndErrorMessage]"""
    error_message: str | None
    """The global error message summarizing the common root cause of the records that caused the batch to be dropped. [string, nullable, default null]"""
    current_leader: ProduceResponseLeaderIdAndEpochV10
    """The leader broker that the producer should use for future requests. [LeaderIdAndEpoch, tagged field 0]"""


class ProduceResponseTopicProduceResponseV10(TaggedFields, total=False, closed=True):
    """``TopicProduceResponse`` of ProduceResponse (as in version 10)."""
    name: str
    """The topic name. [string]"""
    partition_responses: list[ProduceResponsePartitionProduceResponseV10]
    """Each partition that we produced to within the topic. [array of PartitionProduceResponse]"""


class ProduceResponseNodeEndpointV10(TaggedFields, total=False, closed=True):
    """``NodeEndpoint`` of ProduceResponse (as in version 10)."""
    node_id: int
    """The ID of the associated node. [int32 (-2147483648 to 2147483647)]"""
    host: str
    """The node's hostname. [string]"""
    port: int
    """The node's port. [int32 (-2147483648 to 2147483647)]"""
    rack: str | None
    """The rack of the node, or null if it has not been assigned to a rack. [string, nullable, default null]"""


class ProduceResponseV10(TaggedFields, total=False, closed=True):
    """ProduceResponse version 10: the response body (message, API key 0)."""
    responses: list[ProduceResponseTopicProduceResponseV10]
    """Each produce response. [array of TopicProduceResponse]"""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647), default 0]"""
    node_endpoints: list[ProduceResponseNodeEndpointV10]
    """Endpoints for all current-leaders enumerated in PartitionProduceResponses, with errors NOT_LEADER_OR_FOLLOWER. [array of NodeEndpoint, tagged field 0]"""

ProduceResponseV11 = ProduceResponseV10
"""ProduceResponse version 11: the response body (message, API key 0)."""

ProduceResponseV12 = ProduceResponseV10
"""ProduceResponse version 12: the response body (message, API key 0)."""


class ProduceResponseTopicProduceResponseV13(TaggedFields, total=False, closed=True):
    """``TopicProduceResponse`` of ProduceResponse (as in version 13)."""
    topic_id: UUID
    """The unique topic ID [uuid]"""
    partition_responses: list[ProduceResponsePartitionProduceResponseV10]
    """Each partition that we produced to within the topic. [array of PartitionProduceResponse]"""


class ProduceResponseV13(TaggedFields, total=False, closed=True):
    """ProduceResponse version 13: the response body (message, API key 0)."""
    responses: list[ProduceResponseTopicProduceResponseV13]
    """Each produce response. [array of TopicProduceResponse]"""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647), default 0]"""
    node_endpoints: list[ProduceResponseNodeEndpointV10]
    """Endpoints for all current-leaders enumerated in PartitionProduceResponses, with errors NOT_LEADER_OR_FOLLOWER. [array of NodeEndpoint, tagged field 0]"""


class PushTelemetryRequestV0(TaggedFields, total=False, closed=True):
    """PushTelemetryRequest version 0: the request body (message, API key 72)."""
    client_instance_id: UUID
    """Unique id for this client instance. [uuid]"""
    subscription_id: int
    """Unique identifier for the current subscription. [int32 (-2147483648 to 2147483647)]"""
    terminating: bool
    """Client is terminating the connection. [bool]"""
    compression_type: int
    """Compression codec used to compress the metrics. [int8 (-128 to 127)]"""
    metrics: bytes
    """Metrics encoded in OpenTelemetry MetricsData v1 protobuf format. [bytes]"""


class PushTelemetryResponseV0(TaggedFields, total=False, closed=True):
    """PushTelemetryResponse version 0: the response body (message, API key 72)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""


class ReadShareGroupStateRequestPartitionDataV0(TaggedFields, total=False, closed=True):
    """``PartitionData`` of ReadShareGroupStateRequest (as in version 0)."""
    partition: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The leader epoch of the share-partition. [int32 (-2147483648 to 2147483647)]"""


class ReadShareGroupStateRequestReadStateDataV0(TaggedFields, total=False, closed=True):
    """``ReadStateData`` of ReadShareGroupStateRequest (as in version 0)."""
    topic_id: UUID
    """The topic identifier. [uuid]"""
    partitions: list[ReadShareGroupStateRequestPartitionDataV0]
    """The data for the partitions. [array of PartitionData]"""


class ReadShareGroupStateRequestV0(TaggedFields, total=False, closed=True):
    """ReadShareGroupStateRequest version 0: the request body (message, API key 84)."""
    group_id: str
    """The group identifier. [string]"""
    topics: list[ReadShareGroupStateRequestReadStateDataV0]
    """The data for the topics. [array of ReadStateData]"""


class ReadShareGroupStateResponseStateBatchV0(TaggedFields, total=False, closed=True):
    """``StateBatch`` of ReadShareGroupStateResponse (as in version 0)."""
    first_offset: int
    """The first offset of this state batch. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    last_offset: int
    """The last offset of this state batch. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    delivery_state: int
    """The delivery state - 0:Available,2:Acked,4:Archived. [int8 (-128 to 127)]"""
    delivery_count: int
    """The delivery count. [int16 (-32768 to 32767)]"""


class ReadShareGroupStateResponsePartitionResultV0(TaggedFields, total=False, closed=True):
    """``PartitionResult`` of ReadShareGroupStateResponse (as in version 0)."""
    partition: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The error message, or null if there was no error. [string, nullable, default null]"""
    state_epoch: int
    """The state epoch of the share-partition. [int32 (-2147483648 to 2147483647)]"""
    start_offset: int
    """The share-partition start offset, which can be -1 if it is not yet initialized. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    state_batches: list[ReadShareGroupStateResponseStateBatchV0]
    """The state batches for this share-partition. [array of StateBatch]"""


class ReadShareGroupStateResponseReadStateResultV0(TaggedFields, total=False, closed=True):
    """``ReadStateResult`` of ReadShareGroupStateResponse (as in version 0)."""
    topic_id: UUID
    """The topic identifier. [uuid]"""
    partitions: list[ReadShareGroupStateResponsePartitionResultV0]
    """The results for the partitions. [array of PartitionResult]"""


class ReadShareGroupStateResponseV0(TaggedFields, total=False, closed=True):
    """ReadShareGroupStateResponse version 0: the response body (message, API key 84)."""
    results: list[ReadShareGroupStateResponseReadStateResultV0]
    """The read results. [array of ReadStateResult]"""


class ReadShareGroupStateSummaryRequestPartitionDataV0(TaggedFields, total=False, closed=True):
    """``PartitionData`` of ReadShareGroupStateSummaryRequest (as in version 0)."""
    partition: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The leader epoch of the share-partition. [int32 (-2147483648 to 2147483647)]"""


class ReadShareGroupStateSummaryRequestReadStateSummaryDataV0(TaggedFields, total=False, closed=True):
    """``ReadStateSummaryData`` of ReadShareGroupStateSummaryRequest (as in version 0)."""
    topic_id: UUID
    """The topic identifier. [uuid]"""
    partitions: list[ReadShareGroupStateSummaryRequestPartitionDataV0]
    """The data for the partitions. [array of PartitionData]"""


class ReadShareGroupStateSummaryRequestV0(TaggedFields, total=False, closed=True):
    """ReadShareGroupStateSummaryRequest version 0: the request body (message, API key 87)."""
    group_id: str
    """The group identifier. [string]"""
    topics: list[ReadShareGroupStateSummaryRequestReadStateSummaryDataV0]
    """The data for the topics. [array of ReadStateSummaryData]"""

ReadShareGroupStateSummaryRequestV1 = ReadShareGroupStateSummaryRequestV0
"""ReadShareGroupStateSummaryRequest version 1: the request body (message, API key 87)."""


class ReadShareGroupStateSummaryResponsePartitionResultV0(TaggedFields, total=False, closed=True):
    """``PartitionResult`` of ReadShareGroupStateSummaryResponse (as in version 0)."""
    partition: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The error message, or null if there was no error. [string, nullable, default null]"""
    state_epoch: int
    """The state epoch of the share-partition. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The leader epoch of the share-partition. [int32 (-2147483648 to 2147483647)]"""
    start_offset: int
    """The share-partition start offset. [int64 (-9223372036854775808 to 9223372036854775807)]"""


class ReadShareGroupStateSummaryResponseReadStateSummaryResultV0(TaggedFields, total=False, closed=True):
    """``ReadStateSummaryResult`` of ReadShareGroupStateSummaryResponse (as in version 0)."""
    topic_id: UUID
    """The topic identifier. [uuid]"""
    partitions: list[ReadShareGroupStateSummaryResponsePartitionResultV0]
    """The results for the partitions. [array of PartitionResult]"""


class ReadShareGroupStateSummaryResponseV0(TaggedFields, total=False, closed=True):
    """ReadShareGroupStateSummaryResponse version 0: the response body (message, API key 87)."""
    results: list[ReadShareGroupStateSummaryResponseReadStateSummaryResultV0]
    """The read results. [array of ReadStateSummaryResult]"""


class ReadShareGroupStateSummaryResponsePartitionResultV1(TaggedFields, total=False, closed=True):
    """``PartitionResult`` of ReadShareGroupStateSummaryResponse (as in version 1)."""
    partition: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The error message, or null if there was no error. [string, nullable, default null]"""
    state_epoch: int
    """The state epoch of the share-partition. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The leader epoch of the share-partition. [int32 (-2147483648 to 2147483647)]"""
    start_offset: int
    """The share-partition start offset. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    delivery_complete_count: int
    """The number of offsets greater than or equal to share-partition start offset for which delivery has been completed. [int32 (-2147483648 to 2147483647), default -1]"""


class ReadShareGroupStateSummaryResponseReadStateSummaryResultV1(TaggedFields, total=False, closed=True):
    """``ReadStateSummaryResult`` of ReadShareGroupStateSummaryResponse (as in version 1)."""
    topic_id: UUID
    """The topic identifier. [uuid]"""
    partitions: list[ReadShareGroupStateSummaryResponsePartitionResultV1]
    """The results for the partitions. [array of PartitionResult]"""


class ReadShareGroupStateSummaryResponseV1(TaggedFields, total=False, closed=True):
    """ReadShareGroupStateSummaryResponse version 1: the response body (message, API key 87)."""
    results: list[ReadShareGroupStateSummaryResponseReadStateSummaryResultV1]
    """The read results. [array of ReadStateSummaryResult]"""


class RemoveRaftVoterRequestV0(TaggedFields, total=False, closed=True):
    """RemoveRaftVoterRequest version 0: the request body (message, API key 81)."""
    cluster_id: str | None
    """The cluster id of the request. [string, nullable]"""
    voter_id: int
    """The replica id of the voter getting removed from the topic partition. [int32 (-2147483648 to 2147483647)]"""
    voter_directory_id: UUID
    """The directory id of the voter getting removed from the topic partition. [uuid]"""


class RemoveRaftVoterResponseV0(TaggedFields, total=False, closed=True):
    """RemoveRaftVoterResponse version 0: the response body (message, API key 81)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The error message, or null if there was no error. [string, nullable]"""


class RenewDelegationTokenRequestV0(TypedDict, total=False, closed=True):
    """RenewDelegationTokenRequest version 0: the request body (message, API key 39)."""
    hmac: bytes
    """The HMAC of the delegation token to be renewed. [bytes]"""
    renew_period_ms: int
    """The renewal time period in milliseconds. [int64 (-9223372036854775808 to 9223372036854775807)]"""

RenewDelegationTokenRequestV1 = RenewDelegationTokenRequestV0
"""RenewDelegationTokenRequest version 1: the request body (message, API key 39)."""


class RenewDelegationTokenRequestV2(TaggedFields, total=False, closed=True):
    """RenewDelegationTokenRequest version 2: the request body (message, API key 39)."""
    hmac: bytes
    """The HMAC of the delegation token to be renewed. [bytes]"""
    renew_period_ms: int
    """The renewal time period in milliseconds. [int64 (-9223372036854775808 to 9223372036854775807)]"""


class RenewDelegationTokenResponseV0(TypedDict, total=False, closed=True):
    """RenewDelegationTokenResponse version 0: the response body (message, API key 39)."""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    expiry_timestamp_ms: int
    """The timestamp in milliseconds at which this token expires. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""

RenewDelegationTokenResponseV1 = RenewDelegationTokenResponseV0
"""RenewDelegationTokenResponse version 1: the response body (message, API key 39)."""


class RenewDelegationTokenResponseV2(TaggedFields, total=False, closed=True):
    """RenewDelegationTokenResponse version 2: the response body (message, API key 39)."""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    expiry_timestamp_ms: int
    """The timestamp in milliseconds at which this token expires. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""


class RequestHeaderV0(TypedDict, total=False, closed=True):
    """RequestHeader version 0: the header (message)."""
    request_api_key: int
    """The API key of this request. [int16 (-32768 to 32767)]"""
    request_api_version: int
    """The API version of this request. [int16 (-32768 to 32767)]"""
    correlation_id: int
    """The correlation ID of this request. [int32 (-2147483648 to 2147483647)]"""


class RequestHeaderV1(TypedDict, total=False, closed=True):
    """RequestHeader version 1: the header (message)."""
    request_api_key: int
    """The API key of this request. [int16 (-32768 to 32767)]"""
    request_api_version: int
    """The API version of this request. [int16 (-32768 to 32767)]"""
    correlation_id: int
    """The correlation ID of this request. [int32 (-2147483648 to 2147483647)]"""
    client_id: str | None
    """The client ID string. [string, nullable]"""


class RequestHeaderV2(TaggedFields, total=False, closed=True):
    """RequestHeader version 2: the header (message)."""
    request_api_key: int
    """The API key of this request. [int16 (-32768 to 32767)]"""
    request_api_version: int
    """The API version of this request. [int16 (-32768 to 32767)]"""
    correlation_id: int
    """The correlation ID of this request. [int32 (-2147483648 to 2147483647)]"""
    client_id: str | None
    """The client ID string. [string, nullable]"""


class ResponseHeaderV0(TypedDict, total=False, closed=True):
    """ResponseHeader version 0: the header (message)."""
    correlation_id: int
    """The correlation ID of this response. [int32 (-2147483648 to 2147483647)]"""


class ResponseHeaderV1(TaggedFields, total=False, closed=True):
    """ResponseHeader version 1: the header (message)."""
    correlation_id: int
    """The correlation ID of this response. [int32 (-2147483648 to 2147483647)]"""


class SaslAuthenticateRequestV0(TypedDict, total=False, closed=True):
    """SaslAuthenticateRequest version 0: the request body (message, API key 36)."""
    auth_bytes: bytes
    """The SASL authentication bytes from the client, as defined by the SASL mechanism. [bytes]"""

SaslAuthenticateRequestV1 = SaslAuthenticateRequestV0
"""SaslAuthenticateRequest version 1: the request body (message, API key 36)."""


class SaslAuthenticateRequestV2(TaggedFields, total=False, closed=True):
    """SaslAuthenticateRequest version 2: the request body (message, API key 36)."""
    auth_bytes: bytes
    """The SASL authentication bytes from the client, as defined by the SASL mechanism. [bytes]"""


class SaslAuthenticateResponseV0(TypedDict, total=False, closed=True):
    """SaslAuthenticateResponse version 0: the response body (message, API key 36)."""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The error message, or null if there was no error. [string, nullable]"""
    auth_bytes: bytes
    """The SASL authentication bytes from the server, as defined by the SASL mechanism. [bytes]"""


class SaslAuthenticateResponseV1(TypedDict, total=False, closed=True):
    """SaslAuthenticateResponse version 1: the response body (message, API key 36)."""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The error message, or null if there was no error. [string, nullable]"""
    auth_bytes: bytes
    """The SASL authentication bytes from the server, as defined by the SASL mechanism. [bytes]"""
    session_lifetime_ms: int
    """Number of milliseconds after which only re-authentication over the existing connection to create a new session can occur. [int64 (-9223372036854775808 to 9223372036854775807), default 0]"""


class SaslAuthenticateResponseV2(TaggedFields, total=False, closed=True):
    """SaslAuthenticateResponse version 2: the response body (message, API key 36)."""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The error message, or null if there was no error. [string, nullable]"""
    auth_bytes: bytes
    """The SASL authentication bytes from the server, as defined by the SASL mechanism. [bytes]"""
    session_lifetime_ms: int
    """Number of milliseconds after which only re-authentication over the existing connection to create a new session can occur. [int64 (-9223372036854775808 to 9223372036854775807), default 0]"""


class SaslHandshakeRequestV0(TypedDict, total=False, closed=True):
    """SaslHandshakeRequest version 0: the request body (message, API key 17)."""
    mechanism: str
    """The SASL mechanism chosen by the client. [string]"""

SaslHandshakeRequestV1 = SaslHandshakeRequestV0
"""SaslHandshakeRequest version 1: the request body (message, API key 17)."""


class SaslHandshakeResponseV0(TypedDict, total=False, closed=True):
    """SaslHandshakeResponse version 0: the response body (message, API key 17)."""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    mechanisms: list[str]
    """The mechanisms enabled in the server. [array of string]"""

SaslHandshakeResponseV1 = SaslHandshakeResponseV0
"""SaslHandshakeResponse version 1: the response body (message, API key 17)."""


class ShareAcknowledgeRequestAcknowledgementBatchV0(TaggedFields, total=False, closed=True):
    """``AcknowledgementBatch`` of ShareAcknowledgeRequest (as in version 0)."""
    first_offset: int
    """First offset of batch of records to acknowledge. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    last_offset: int
    """Last offset (inclusive) of batch of records to acknowledge. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    acknowledge_types: list[int]
    """Array of acknowledge types - 0:Gap,1:Accept,2:Release,3:Reject,4:Renew. [array of int8 (-128 to 127)]"""


class ShareAcknowledgeRequestAcknowledgePartitionV0(TaggedFields, total=False, closed=True):
    """``AcknowledgePartition`` of ShareAcknowledgeRequest (as in version 0)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    acknowledgement_batches: list[ShareAcknowledgeRequestAcknowledgementBatchV0]
    """Record batches to acknowledge. [array of AcknowledgementBatch]"""


class ShareAcknowledgeRequestAcknowledgeTopicV0(TaggedFields, total=False, closed=True):
    """``AcknowledgeTopic`` of ShareAcknowledgeRequest (as in version 0)."""
    topic_id: UUID
    """The unique topic ID. [uuid]"""
    partitions: list[ShareAcknowledgeRequestAcknowledgePartitionV0]
    """The partitions containing records to acknowledge. [array of AcknowledgePartition]"""


class ShareAcknowledgeRequestV0(TaggedFields, total=False, closed=True):
    """ShareAcknowledgeRequest version 0: the request body (message, API key 79)."""
    group_id: str | None
    """The group identifier. [string, nullable, default null]"""
    member_id: str | None
    """The member ID. [string, nullable]"""
    share_session_epoch: int
    """The current share session epoch: 0 to open a share session; -1 to close it; otherwise increments for consecutive requests. [int32 (-2147483648 to 2147483647)]"""
    topics: list[ShareAcknowledgeRequestAcknowledgeTopicV0]
    """The topics containing records to acknowledge. [array of AcknowledgeTopic]"""

ShareAcknowledgeRequestV1 = ShareAcknowledgeRequestV0
"""ShareAcknowledgeRequest version 1: the request body (message, API key 79)."""


class ShareAcknowledgeRequestV2(TaggedFields, total=False, closed=True):
    """ShareAcknowledgeRequest version 2: the request body (message, API key 79)."""
    group_id: str | None
    """The group identifier. [string, nullable, default null]"""
    member_id: str | None
    """The member ID. [string, nullable]"""
    share_session_epoch: int
    """The current share session epoch: 0 to open a share session; -1 to close it; otherwise increments for consecutive requests. [int32 (-2147483648 to 2147483647)]"""
    is_renew_ack: bool
    """Whether Renew type acknowledgements present in AcknowledgementBatches. [bool, default false]"""
    topics: list[ShareAcknowledgeRequestAcknowledgeTopicV0]
    """The topics containing records to acknowledge. [array of AcknowledgeTopic]"""


class ShareAcknowledgeResponseLeaderIdAndEpochV0(TaggedFields, total=False, closed=True):
    """``LeaderIdAndEpoch`` of ShareAcknowledgeResponse (as in version 0)."""
    leader_id: int
    """The ID of the current leader or -1 if the leader is unknown. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The latest known leader epoch. [int32 (-2147483648 to 2147483647)]"""


class ShareAcknowledgeResponsePartitionDataV0(TaggedFields, total=False, closed=True):
    """``PartitionData`` of ShareAcknowledgeResponse (as in version 0)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The error message, or null if there was no error. [string, nullable, default null]"""
    current_leader: ShareAcknowledgeResponseLeaderIdAndEpochV0
    """The current leader of the partition. [LeaderIdAndEpoch]"""


class ShareAcknowledgeResponseShareAcknowledgeTopicResponseV0(TaggedFields, total=False, closed=True):
    """``ShareAcknowledgeTopicResponse`` of ShareAcknowledgeResponse (as in version 0)."""
    topic_id: UUID
    """The unique topic ID. [uuid]"""
    partitions: list[ShareAcknowledgeResponsePartitionDataV0]
    """The topic partitions. [array of PartitionData]"""


class ShareAcknowledgeResponseNodeEndpointV0(TaggedFields, total=False, closed=True):
    """``NodeEndpoint`` of ShareAcknowledgeResponse (as in version 0)."""
    node_id: int
    """The ID of the associated node. [int32 (-2147483648 to 2147483647)]"""
    host: str
    """The node's hostname. [string]"""
    port: int
    """The node's port. [int32 (-2147483648 to 2147483647)]"""
    rack: str | None
    """The rack of the node, or null if it has not been assigned to a rack. [string, nullable, default null]"""


class ShareAcknowledgeResponseV0(TaggedFields, total=False, closed=True):
    """ShareAcknowledgeResponse version 0: the response body (message, API key 79)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The top level response error code. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The top-level error message, or null if there was no error. [string, nullable, default null]"""
    responses: list[ShareAcknowledgeResponseShareAcknowledgeTopicResponseV0]
    """The response topics. [array of ShareAcknowledgeTopicResponse]"""
    node_endpoints: list[ShareAcknowledgeResponseNodeEndpointV0]
    """Endpoints for all current leaders enumerated in PartitionData with error NOT_LEADER_OR_FOLLOWER. [array of NodeEndpoint]"""

ShareAcknowledgeResponseV1 = ShareAcknowledgeResponseV0
"""ShareAcknowledgeResponse version 1: the response body (message, API key 79)."""


class ShareAcknowledgeResponseV2(TaggedFields, total=False, closed=True):
    """ShareAcknowledgeResponse version 2: the response body (message, API key 79)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The top level response error code. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The top-level error message, or null if there was no error. [string, nullable, default null]"""
    acquisition_lock_timeout_ms: int
    """The time in milliseconds for which the acquired records are locked. [int32 (-2147483648 to 2147483647)]"""
    responses: list[ShareAcknowledgeResponseShareAcknowledgeTopicResponseV0]
    """The response topics. [array of ShareAcknowledgeTopicResponse]"""
    node_endpoints: list[ShareAcknowledgeResponseNodeEndpointV0]
    """Endpoints for all current leaders enumerated in PartitionData with error NOT_LEADER_OR_FOLLOWER. [array of NodeEndpoint]"""


class ShareFetchRequestAcknowledgementBatchV0(TaggedFields, total=False, closed=True):
    """``AcknowledgementBatch`` of ShareFetchRequest (as in version 0)."""
    first_offset: int
    """First offset of batch of records to acknowledge. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    last_offset: int
    """Last offset (inclusive) of batch of records to acknowledge. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    acknowledge_types: list[int]
    """Array of acknowledge types - 0:Gap,1:Accept,2:Release,3:Reject,4:Renew. [array of int8 (-128 to 127)]"""


class ShareFetchRequestFetchPartitionV0(TaggedFields, total=False, closed=True):
    """``FetchPartition`` of ShareFetchRequest (as in version 0)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    partition_max_bytes: int
    """The maximum bytes to fetch from this partition. 0 when only acknowledgement with no fetching is required. See KIP-74 for cases where this limit may not be honored. [int32 (-2147483648 to 2147483647)]"""
    acknowledgement_batches: list[ShareFetchRequestAcknowledgementBatchV0]
    """Record batches to acknowledge. [array of AcknowledgementBatch]"""


class ShareFetchRequestFetchTopicV0(TaggedFields, total=False, closed=True):
    """``FetchTopic`` of ShareFetchRequest (as in version 0)."""
    topic_id: UUID
    """The unique topic ID. [uuid]"""
    partitions: list[ShareFetchRequestFetchPartitionV0]
    """The partitions to fetch. [array of FetchPartition]"""


class ShareFetchRequestForgottenTopicV0(TaggedFields, total=False, closed=True):
    """``ForgottenTopic`` of ShareFetchRequest (as in version 0)."""
    topic_id: UUID
    """The unique topic ID. [uuid]"""
    partitions: list[int]
    """The partitions indexes to forget. [array of int32 (-2147483648 to 2147483647)]"""


class ShareFetchRequestV0(TaggedFields, total=False, closed=True):
    """ShareFetchRequest version 0: the request body (message, API key 78)."""
    group_id: str | None
    """The group identifier. [string, nullable, default null]"""
    member_id: str | None
    """The member ID. [string, nullable]"""
    share_session_epoch: int
    """The current share session epoch: 0 to open a share session; -1 to close it; otherwise increments for consecutive requests. [int32 (-2147483648 to 2147483647)]"""
    max_wait_ms: int
    """The maximum time in milliseconds to wait for the response. [int32 (-2147483648 to 2147483647)]"""
    min_bytes: int
    """The minimum bytes to accumulate in the response. [int32 (-2147483648 to 2147483647)]"""
    max_bytes: int
    """The maximum bytes to fetch. See KIP-74 for cases where this limit may not be honored. [int32 (-2147483648 to 2147483647), default 2147483647]"""
    topics: list[ShareFetchRequestFetchTopicV0]
    """The topics to fetch. [array of FetchTopic]"""
    forgotten_topics_data: list[ShareFetchRequestForgottenTopicV0]
    """The partitions to remove from this share session. [array of ForgottenTopic]"""


class ShareFetchRequestFetchPartitionV1(TaggedFields, total=False, closed=True):
    """``FetchPartition`` of ShareFetchRequest (as in version 1)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    acknowledgement_batches: list[ShareFetchRequestAcknowledgementBatchV0]
    """Record batches to acknowledge. [array of AcknowledgementBatch]"""


class ShareFetchRequestFetchTopicV1(TaggedFields, total=False, closed=True):
    """``FetchTopic`` of ShareFetchRequest (as in version 1)."""
    topic_id: UUID
    """The unique topic ID. [uuid]"""
    partitions: list[ShareFetchRequestFetchPartitionV1]
    """The partitions to fetch. [array of FetchPartition]"""


class ShareFetchRequestV1(TaggedFields, total=False, closed=True):
    """ShareFetchRequest version 1: the request body (message, API key 78)."""
    group_id: str | None
    """The group identifier. [string, nullable, default null]"""
    member_id: str | None
    """The member ID. [string, nullable]"""
    share_session_epoch: int
    """The current share session epoch: 0 to open a share session; -1 to close it; otherwise increments for consecutive requests. [int32 (-2147483648 to 2147483647)]"""
    max_wait_ms: int
    """The maximum time in milliseconds to wait for the response. [int32 (-2147483648 to 2147483647)]"""
    min_bytes: int
    """The minimum bytes to accumulate in the response. [int32 (-2147483648 to 2147483647)]"""
    max_bytes: int
    """The maximum bytes to fetch. See KIP-74 for cases where this limit may not be honored. [int32 (-2147483648 to 2147483647), default 2147483647]"""
    max_records: int
    """The maximum number of records to fetch. This limit can be exceeded for alignment of batch boundaries. [int32 (-2147483648 to 2147483647)]"""
    batch_size: int
    """The optimal number of records for batches of acquired records and acknowledgements. [int32 (-2147483648 to 2147483647)]"""
    topics: list[ShareFetchRequestFetchTopicV1]
    """The topics to fetch. [array of FetchTopic]"""
    forgotten_topics_data: list[ShareFetchRequestForgottenTopicV0]
    """The partitions to remove from this share session. [array of ForgottenTopic]"""


class ShareFetchRequestV2(TaggedFields, total=False, closed=True):
    """ShareFetchRequest version 2: the request body (message, API key 78)."""
    group_id: str | None
    """The group identifier. [string, nullable, default null]"""
    member_id: str | None
    """The member ID. [string, nullable]"""
    share_session_epoch: int
    """The current share session epoch: 0 to open a share session; -1 to close it; otherwise increments for consecutive requests. [int32 (-2147483648 to 2147483647)]"""
    max_wait_ms: int
    """The maximum time in milliseconds to wait for the response. [int32 (-2147483648 to 2147483647)]"""
    min_bytes: int
    """The minimum bytes to accumulate in the response. [int32 (-2147483648 to 2147483647)]"""
    max_bytes: int
    """The maximum bytes to fetch. See KIP-74 for cases where this limit may not be honored. [int32 (-2147483648 to 2147483647), default 2147483647]"""
    max_records: int
    """The maximum number of records to fetch. This limit can be exceeded for alignment of batch boundaries. [int32 (-2147483648 to 2147483647)]"""
    batch_size: int
    """The optimal number of records for batches of acquired records and acknowledgements. [int32 (-2147483648 to 2147483647)]"""
    share_acquire_mode: int
    """The acquire mode to control the fetch behavior - 0:batch-optimized,1:record-limit. [int8 (-128 to 127), default 0]"""
    is_renew_ack: bool
    """Whether Renew type acknowledgements present in AcknowledgementBatches. [bool, default false]"""
    topics: list[ShareFetchRequestFetchTopicV1]
    """The topics to fetch. [array of FetchTopic]"""
    forgotten_topics_data: list[ShareFetchRequestForgottenTopicV0]
    """The partitions to remove from this share session. [array of ForgottenTopic]"""


class ShareFetchResponseLeaderIdAndEpochV0(TaggedFields, total=False, closed=True):
    """``LeaderIdAndEpoch`` of ShareFetchResponse (as in version 0)."""
    leader_id: int
    """The ID of the current leader or -1 if the leader is unknown. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The latest known leader epoch. [int32 (-2147483648 to 2147483647)]"""


class ShareFetchResponseAcquiredRecordsV0(TaggedFields, total=False, closed=True):
    """``AcquiredRecords`` of ShareFetchResponse (as in version 0)."""
    first_offset: int
    """The earliest offset in this batch of acquired records. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    last_offset: int
    """The last offset of this batch of acquired records. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    delivery_count: int
    """The delivery count of this batch of acquired records. [int16 (-32768 to 32767)]"""


class ShareFetchResponsePartitionDataV0(TaggedFields, total=False, closed=True):
    """``PartitionData`` of ShareFetchResponse (as in version 0)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The fetch error code, or 0 if there was no fetch error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The fetch error message, or null if there was no fetch error. [string, nullable, default null]"""
    acknowledge_error_code: int
    """The acknowledge error code, or 0 if there was no acknowledge error. [int16 (-32768 to 32767)]"""
    acknowledge_error_message: str | None
    """The acknowledge error message, or null if there was no acknowledge error. [string, nullable, default null]"""
    current_leader: ShareFetchResponseLeaderIdAndEpochV0
    """The current leader of the partition. [LeaderIdAndEpoch]"""
    records: RecordSet | None
    """The record data. [records, nullable]"""
    acquired_records: list[ShareFetchResponseAcquiredRecordsV0]
    """The acquired records. [array of AcquiredRecords]"""


class ShareFetchResponseShareFetchableTopicResponseV0(TaggedFields, total=False, closed=True):
    """``ShareFetchableTopicResponse`` of ShareFetchResponse (as in version 0)."""
    topic_id: UUID
    """The unique topic ID. [uuid]"""
    partitions: list[ShareFetchResponsePartitionDataV0]
    """The topic partitions. [array of PartitionData]"""


class ShareFetchResponseNodeEndpointV0(TaggedFields, total=False, closed=True):
    """``NodeEndpoint`` of ShareFetchResponse (as in version 0)."""
    node_id: int
    """The ID of the associated node. [int32 (-2147483648 to 2147483647)]"""
    host: str
    """The node's hostname. [string]"""
    port: int
    """The node's port. [int32 (-2147483648 to 2147483647)]"""
    rack: str | None
    """The rack of the node, or null if it has not been assigned to a rack. [string, nullable, default null]"""


class ShareFetchResponseV0(TaggedFields, total=False, closed=True):
    """ShareFetchResponse version 0: the response body (message, API key 78)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The top-level response error code. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The top-level error message, or null if there was no error. [string, nullable, default null]"""
    responses: list[ShareFetchResponseShareFetchableTopicResponseV0]
    """The response topics. [array of ShareFetchableTopicResponse]"""
    node_endpoints: list[ShareFetchResponseNodeEndpointV0]
    """Endpoints for all current leaders enumerated in PartitionData with error NOT_LEADER_OR_FOLLOWER. [array of NodeEndpoint]"""


class ShareFetchResponsePartitionDataV1(TaggedFields, total=False, closed=True):
    """``PartitionData`` of ShareFetchResponse (as in version 1)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The fetch error code, or 0 if there was no fetch error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The fetch error message, or null if there was no fetch error. [string, nullable, default null]"""
    acknowledge_error_code: int
    """The acknowledge error code, or 0 if there was no acknowledge error. [int16 (-32768 to 32767)]"""
    acknowledge_error_message: str | None
    """The acknowledge error message, or null if there was no acknowledge error. [string, nullable, default null]"""
    current_leader: ShareFetchResponseLeaderIdAndEpochV0
    """The current leader of the partition. [LeaderIdAndEpoch]"""
    records: Required[RecordSet]
    """The record data. [records]"""
    acquired_records: list[ShareFetchResponseAcquiredRecordsV0]
    """The acquired records. [array of AcquiredRecords]"""


class ShareFetchResponseShareFetchableTopicResponseV1(TaggedFields, total=False, closed=True):
    """``ShareFetchableTopicResponse`` of ShareFetchResponse (as in version 1)."""
    topic_id: UUID
    """The unique topic ID. [uuid]"""
    partitions: list[ShareFetchResponsePartitionDataV1]
    """The topic partitions. [array of PartitionData]"""


class ShareFetchResponseV1(TaggedFields, total=False, closed=True):
    """ShareFetchResponse version 1: the response body (message, API key 78)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The top-level response error code. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The top-level error message, or null if there was no error. [string, nullable, default null]"""
    acquisition_lock_timeout_ms: int
    """The time in milliseconds for which the acquired records are locked. [int32 (-2147483648 to 2147483647)]"""
    responses: list[ShareFetchResponseShareFetchableTopicResponseV1]
    """The response topics. [array of ShareFetchableTopicResponse]"""
    node_endpoints: list[ShareFetchResponseNodeEndpointV0]
    """Endpoints for all current leaders enumerated in PartitionData with error NOT_LEADER_OR_FOLLOWER. [array of NodeEndpoint]"""

ShareFetchResponseV2 = ShareFetchResponseV1
"""ShareFetchResponse version 2: the response body (message, API key 78)."""


class ShareGroupDescribeRequestV0(TaggedFields, total=False, closed=True):
    """ShareGroupDescribeRequest version 0: the request body (message, API key 77)."""
    group_ids: list[str]
    """The ids of the groups to describe. [array of string]"""
    include_authorized_operations: bool
    """Whether to include authorized operations. [bool]"""

ShareGroupDescribeRequestV1 = ShareGroupDescribeRequestV0
"""ShareGroupDescribeRequest version 1: the request body (message, API key 77)."""


class ShareGroupDescribeResponseTopicPartitionsV0(TaggedFields, total=False, closed=True):
    """``TopicPartitions`` of ShareGroupDescribeResponse (as in version 0)."""
    topic_id: UUID
    """The topic ID. [uuid]"""
    topic_name: str
    """The topic name. [string]"""
    partitions: list[int]
    """The partitions. [array of int32 (-2147483648 to 2147483647)]"""


class ShareGroupDescribeResponseAssignmentV0(TaggedFields, total=False, closed=True):
    """``Assignment`` of ShareGroupDescribeResponse (as in version 0)."""
    topic_partitions: list[ShareGroupDescribeResponseTopicPartitionsV0]
    """The assigned topic-partitions to the member. [array of TopicPartitions]"""


class ShareGroupDescribeResponseMemberV0(TaggedFields, total=False, closed=True):
    """``Member`` of ShareGroupDescribeResponse (as in version 0)."""
    member_id: str
    """The member ID. [string]"""
    rack_id: str | None
    """The member rack ID. [string, nullable, default null]"""
    member_epoch: int
    """The current member epoch. [int32 (-2147483648 to 2147483647)]"""
    client_id: str
    """The client ID. [string]"""
    client_host: str
    """The client host. [string]"""
    subscribed_topic_names: list[str]
    """The subscribed topic names. [array of string]"""
    assignment: ShareGroupDescribeResponseAssignmentV0
    """The current assignment. [Assignment]"""


class ShareGroupDescribeResponseDescribedGroupV0(TaggedFields, total=False, closed=True):
    """``DescribedGroup`` of ShareGroupDescribeResponse (as in version 0)."""
    error_code: int
    """The describe error, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The top-level error message, or null if there was no error. [string, nullable, default null]"""
    group_id: str
    """The group ID string. [string]"""
    group_state: str
    """The group state string, or the empty string. [string]"""
    group_epoch: int
    """The group epoch. [int32 (-2147483648 to 2147483647)]"""
    assignment_epoch: int
    """The assignment epoch. [int32 (-2147483648 to 2147483647)]"""
    assignor_name: str
    """The selected assignor. [string]"""
    members: list[ShareGroupDescribeResponseMemberV0]
    """The members. [array of Member]"""
    authorized_operations: int
    """32-bit bitfield to represent authorized operations for this group. [int32 (-2147483648 to 2147483647), default -2147483648]"""


class ShareGroupDescribeResponseV0(TaggedFields, total=False, closed=True):
    """ShareGroupDescribeResponse version 0: the response body (message, API key 77)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    groups: list[ShareGroupDescribeResponseDescribedGroupV0]
    """Each described group. [array of DescribedGroup]"""

ShareGroupDescribeResponseV1 = ShareGroupDescribeResponseV0
"""ShareGroupDescribeResponse version 1: the response body (message, API key 77)."""


class ShareGroupHeartbeatRequestV0(TaggedFields, total=False, closed=True):
    """ShareGroupHeartbeatRequest version 0: the request body (message, API key 76)."""
    group_id: str
    """The group identifier. [string]"""
    member_id: str
    """The member id generated by the consumer. The member id must be kept during the entire lifetime of the consumer process. [string]"""
    member_epoch: int
    """The current member epoch; 0 to join the group; -1 to leave the group. [int32 (-2147483648 to 2147483647)]"""
    rack_id: str | None
    """null if not provided or if it didn't change since the last heartbeat; the rack ID of consumer otherwise. [string, nullable, default null]"""
    subscribed_topic_names: list[str] | None
    """null if it didn't change since the last heartbeat; the subscribed topic names otherwise. [array of string, nullable, default null]"""

ShareGroupHeartbeatRequestV1 = ShareGroupHeartbeatRequestV0
"""ShareGroupHeartbeatRequest version 1: the request body (message, API key 76)."""


class ShareGroupHeartbeatResponseTopicPartitionsV0(TaggedFields, total=False, closed=True):
    """``TopicPartitions`` of ShareGroupHeartbeatResponse (as in version 0)."""
    topic_id: UUID
    """The topic ID. [uuid]"""
    partitions: list[int]
    """The partitions. [array of int32 (-2147483648 to 2147483647)]"""


class ShareGroupHeartbeatResponseAssignmentV0(TaggedFields, total=False, closed=True):
    """``Assignment`` of ShareGroupHeartbeatResponse (as in version 0)."""
    topic_partitions: list[ShareGroupHeartbeatResponseTopicPartitionsV0]
    """The partitions assigned to the member. [array of TopicPartitions]"""


class ShareGroupHeartbeatResponseV0(TaggedFields, total=False, closed=True):
    """ShareGroupHeartbeatResponse version 0: the response body (message, API key 76)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The top-level error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The top-level error message, or null if there was no error. [string, nullable, default null]"""
    member_id: str | None
    """The member ID is generated by the consumer and provided by the consumer for all requests. [string, nullable, default null]"""
    member_epoch: int
    """The member epoch. [int32 (-2147483648 to 2147483647)]"""
    heartbeat_interval_ms: int
    """The heartbeat interval in milliseconds. [int32 (-2147483648 to 2147483647)]"""
    assignment: ShareGroupHeartbeatResponseAssignmentV0 | None
    """null if not provided; the assignment otherwise. [Assignment, nullable, default null]"""

ShareGroupHeartbeatResponseV1 = ShareGroupHeartbeatResponseV0
"""ShareGroupHeartbeatResponse version 1: the response body (message, API key 76)."""


class SnapshotFooterRecordV0(TaggedFields, total=False, closed=True):
    """SnapshotFooterRecord version 0: the data format (message)."""
    version: int
    """The version of the snapshot footer record. [int16 (-32768 to 32767)]"""


class SnapshotHeaderRecordV0(TaggedFields, total=False, closed=True):
    """SnapshotHeaderRecord version 0: the data format (message)."""
    version: int
    """The version of the snapshot header record. [int16 (-32768 to 32767)]"""
    last_contained_log_timestamp: int
    """The append time of the last record from the log contained in this snapshot. [int64 (-9223372036854775808 to 9223372036854775807)]"""


class StopReplicaRequestStopReplicaPartitionV0V0(TypedDict, total=False, closed=True):
    """``StopReplicaPartitionV0`` of StopReplicaRequest (as in version 0)."""
    topic_name: str
    """The topic name. [string]"""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""


class StopReplicaRequestV0(TypedDict, total=False, closed=True):
    """StopReplicaRequest version 0: the request body (message, API key 5)."""
    controller_id: int
    """The controller id. [int32 (-2147483648 to 2147483647)]"""
    controller_epoch: int
    """The controller epoch. [int32 (-2147483648 to 2147483647)]"""
    delete_partitions: bool
    """Whether these partitions should be deleted. [bool]"""
    ungrouped_partitions: list[StopReplicaRequestStopReplicaPartitionV0V0]
    """The partitions to stop. [array of StopReplicaPartitionV0]"""


class StopReplicaRequestStopReplicaTopicV1V1(TypedDict, total=False, closed=True):
    """``StopReplicaTopicV1`` of StopReplicaRequest (as in version 1)."""
    name: str
    """The topic name. [string]"""
    partition_indexes: list[int]
    """The partition indexes. [array of int32 (-2147483648 to 2147483647)]"""


class StopReplicaRequestV1(TypedDict, total=False, closed=True):
    """StopReplicaRequest version 1: the request body (message, API key 5)."""
    controller_id: int
    """The controller id. [int32 (-2147483648 to 2147483647)]"""
    controller_epoch: int
    """The controller epoch. [int32 (-2147483648 to 2147483647)]"""
    broker_epoch: int
    """The broker epoch. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    delete_partitions: bool
    """Whether these partitions should be deleted. [bool]"""
    topics: list[StopReplicaRequestStopReplicaTopicV1V1]
    """The topics to stop. [array of StopReplicaTopicV1]"""


class StopReplicaRequestStopReplicaTopicV1V2(TaggedFields, total=False, closed=True):
    """``StopReplicaTopicV1`` of StopReplicaRequest (as in version 2)."""
    name: str
    """The topic name. [string]"""
    partition_indexes: list[int]
    """The partition indexes. [array of int32 (-2147483648 to 2147483647)]"""


class StopReplicaRequestV2(TaggedFields, total=False, closed=True):
    """StopReplicaRequest version 2: the request body (message, API key 5)."""
    controller_id: int
    """The controller id. [int32 (-2147483648 to 2147483647)]"""
    controller_epoch: int
    """The controller epoch. [int32 (-2147483648 to 2147483647)]"""
    broker_epoch: int
    """The broker epoch. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    delete_partitions: bool
    """Whether these partitions should be deleted. [bool]"""
    topics: list[StopReplicaRequestStopReplicaTopicV1V2]
    """The topics to stop. [array of StopReplicaTopicV1]"""


class StopReplicaRequestStopReplicaPartitionStateV3(TaggedFields, total=False, closed=True):
    """``StopReplicaPartitionState`` of StopReplicaRequest (as in version 3)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The leader epoch. [int32 (-2147483648 to 2147483647), default -1]"""
    delete_partition: bool
    """Whether this partition should be deleted. [bool]"""


class StopReplicaRequestStopReplicaTopicStateV3(TaggedFields, total=False, closed=True):
    """``StopReplicaTopicState`` of StopReplicaRequest (as in version 3)."""
    topic_name: str
    """The topic name. [string]"""
    partition_states: list[StopReplicaRequestStopReplicaPartitionStateV3]
    """The state of each partition [array of StopReplicaPartitionState]"""


class StopReplicaRequestV3(TaggedFields, total=False, closed=True):
    """StopReplicaRequest version 3: the request body (message, API key 5)."""
    controller_id: int
    """The controller id. [int32 (-2147483648 to 2147483647)]"""
    controller_epoch: int
    """The controller epoch. [int32 (-2147483648 to 2147483647)]"""
    broker_epoch: int
    """The broker epoch. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    topic_states: list[StopReplicaRequestStopReplicaTopicStateV3]
    """Each topic. [array of StopReplicaTopicState]"""


class StopReplicaRequestV4(TaggedFields, total=False, closed=True):
    """StopReplicaRequest version 4: the request body (message, API key 5)."""
    controller_id: int
    """The controller id. [int32 (-2147483648 to 2147483647)]"""
    is_kraft_controller: bool
    """If KRaft controller id is used during migration. See KIP-866 [bool, default false]"""
    controller_epoch: int
    """The controller epoch. [int32 (-2147483648 to 2147483647)]"""
    broker_epoch: int
    """The broker epoch. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    topic_states: list[StopReplicaRequestStopReplicaTopicStateV3]
    """Each topic. [array of StopReplicaTopicState]"""


class StopReplicaResponseStopReplicaPartitionErrorV0(TypedDict, total=False, closed=True):
    """``StopReplicaPartitionError`` of StopReplicaResponse (as in version 0)."""
    topic_name: str
    """The topic name. [string]"""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The partition error code, or 0 if there was no partition error. [int16 (-32768 to 32767)]"""


class StopReplicaResponseV0(TypedDict, total=False, closed=True):
    """StopReplicaResponse version 0: the response body (message, API key 5)."""
    error_code: int
    """The top-level error code, or 0 if there was no top-level error. [int16 (-32768 to 32767)]"""
    partition_errors: list[StopReplicaResponseStopReplicaPartitionErrorV0]
    """The responses for each partition. [array of StopReplicaPartitionError]"""

StopReplicaResponseV1 = StopReplicaResponseV0
"""StopReplicaResponse version 1: the response body (message, API key 5)."""


class StopReplicaResponseStopReplicaPartitionErrorV2(TaggedFields, total=False, closed=True):
    """``StopReplicaPartitionError`` of StopReplicaResponse (as in version 2)."""
    topic_name: str
    """The topic name. [string]"""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The partition error code, or 0 if there was no partition error. [int16 (-32768 to 32767)]"""


class StopReplicaResponseV2(TaggedFields, total=False, closed=True):
    """StopReplicaResponse version 2: the response body (message, API key 5)."""
    error_code: int
    """The top-level error code, or 0 if there was no top-level error. [int16 (-32768 to 32767)]"""
    partition_errors: list[StopReplicaResponseStopReplicaPartitionErrorV2]
    """The responses for each partition. [array of StopReplicaPartitionError]"""

StopReplicaResponseV3 = StopReplicaResponseV2
"""StopReplicaResponse version 3: the response body (message, API key 5)."""

StopReplicaResponseV4 = StopReplicaResponseV2
"""StopReplicaResponse version 4: the response body (message, API key 5)."""


class StreamsGroupDescribeRequestV0(TaggedFields, total=False, closed=True):
    """StreamsGroupDescribeRequest version 0: the request body (message, API key 89)."""
    group_ids: list[str]
    """The ids of the groups to describe [array of string]"""
    include_authorized_operations: bool
    """Whether to include authorized operations. [bool]"""


class StreamsGroupDescribeRequestV1(TaggedFields, total=False, closed=True):
    """StreamsGroupDescribeRequest version 1: the request body (message, API key 89)."""
    group_ids: list[str]
    """The ids of the groups to describe [array of string]"""
    include_authorized_operations: bool
    """Whether to include authorized operations. [bool]"""
    include_topology_description: bool
    """Whether to include the full topology description from the topology description plugin in the response. [bool, default false]"""


class StreamsGroupDescribeResponseKeyValueV0(TaggedFields, total=False, closed=True):
    """``KeyValue`` of StreamsGroupDescribeResponse (as in version 0)."""
    key: str
    """key of the config [string]"""
    value: str
    """value of the config [string]"""


class StreamsGroupDescribeResponseTopicInfoV0(TaggedFields, total=False, closed=True):
    """``TopicInfo`` of StreamsGroupDescribeResponse (as in version 0)."""
    name: str
    """The name of the topic. [string]"""
    partitions: int
    """The number of partitions in the topic. Can be 0 if no specific number of partitions is enforced. Always 0 for changelog topics. [int32 (-2147483648 to 2147483647)]"""
    replication_factor: int
    """The replication factor of the topic. Can be 0 if the default replication factor should be used. [int16 (-32768 to 32767)]"""
    topic_configs: list[StreamsGroupDescribeResponseKeyValueV0]
    """Topic-level configurations as key-value pairs. [array of KeyValue]"""


class StreamsGroupDescribeResponseSubtopologyV0(TaggedFields, total=False, closed=True):
    """``Subtopology`` of StreamsGroupDescribeResponse (as in version 0)."""
    subtopology_id: str
    """String to uniquely identify the subtopology. [string]"""
    source_topics: list[str]
    """The topics the subtopology reads from. [array of string]"""
    repartition_sink_topics: list[str]
    """The repartition topics the subtopology writes to. [array of string]"""
    state_changelog_topics: list[StreamsGroupDescribeResponseTopicInfoV0]
    """The set of state changelog topics associated with this subtopology. Created automatically. [array of TopicInfo]"""
    repartition_source_topics: list[StreamsGroupDescribeResponseTopicInfoV0]
    """The set of source topics that are internally created repartition topics. Created automatically. [array of TopicInfo]"""


class StreamsGroupDescribeResponseTopologyV0(TaggedFields, total=False, closed=True):
    """``Topology`` of StreamsGroupDescribeResponse (as in version 0)."""
    epoch: int
    """The epoch of the currently initialized topology for this group. [int32 (-2147483648 to 2147483647)]"""
    subtopologies: list[StreamsGroupDescribeResponseSubtopologyV0] | None
    """The subtopologies of the streams application. This contains the configured subtopologies, where the number of partitions are set and any regular expressions are resolved to actual topics. Null if the group is uninitialized, source topics are missing or incorrectly partitioned. [array of Subtopology, nullable, default null]"""


class StreamsGroupDescribeResponseEndpointV0(TaggedFields, total=False, closed=True):
    """``Endpoint`` of StreamsGroupDescribeResponse (as in version 0)."""
    host: str
    """host of the endpoint [string]"""
    port: int
    """port of the endpoint [uint16 (0 to 65535)]"""


class StreamsGroupDescribeResponseTaskOffsetV0(TaggedFields, total=False, closed=True):
    """``TaskOffset`` of StreamsGroupDescribeResponse (as in version 0)."""
    subtopology_id: str
    """The subtopology identifier. [string]"""
    partition: int
    """The partition. [int32 (-2147483648 to 2147483647)]"""
    offset: int
    """The offset. [int64 (-9223372036854775808 to 9223372036854775807)]"""


class StreamsGroupDescribeResponseTaskIdsV0(TaggedFields, total=False, closed=True):
    """``TaskIds`` of StreamsGroupDescribeResponse (as in version 0)."""
    subtopology_id: str
    """The subtopology identifier. [string]"""
    partitions: list[int]
    """The partitions of the input topics processed by this member. [array of int32 (-2147483648 to 2147483647)]"""


class StreamsGroupDescribeResponseAssignmentV0(TaggedFields, total=False, closed=True):
    """``Assignment`` of StreamsGroupDescribeResponse (as in version 0)."""
    active_tasks: list[StreamsGroupDescribeResponseTaskIdsV0]
    """Active tasks for this client. [array of TaskIds]"""
    standby_tasks: list[StreamsGroupDescribeResponseTaskIdsV0]
    """Standby tasks for this client. [array of TaskIds]"""
    warmup_tasks: list[StreamsGroupDescribeResponseTaskIdsV0]
    """Warm-up tasks for this client. [array of TaskIds]"""


class StreamsGroupDescribeResponseMemberV0(TaggedFields, total=False, closed=True):
    """``Member`` of StreamsGroupDescribeResponse (as in version 0)."""
    member_id: str
    """The member ID. [string]"""
    member_epoch: int
    """The member epoch. [int32 (-2147483648 to 2147483647)]"""
    instance_id: str | None
    """The member instance ID for static membership. [string, nullable, default null]"""
    rack_id: str | None
    """The rack ID. [string, nullable, default null]"""
    client_id: str
    """The client ID. [string]"""
    client_host: str
    """The client host. [string]"""
    topology_epoch: int
    """The epoch of the topology on the client. [int32 (-2147483648 to 2147483647)]"""
    process_id: str
    """Identity of the streams instance that may have multiple clients. [string]"""
    user_endpoint: StreamsGroupDescribeResponseEndpointV0 | None
    """User-defined endpoint for Interactive Queries. Null if not defined for this client. [Endpoint, nullable, default null]"""
    client_tags: list[StreamsGroupDescribeResponseKeyValueV0]
    """Used for rack-aware assignment algorithm. [array of KeyValue]"""
    task_offsets: list[StreamsGroupDescribeResponseTaskOffsetV0]
    """Cumulative changelog offsets for tasks. [array of TaskOffset]"""
    task_end_offsets: list[StreamsGroupDescribeResponseTaskOffsetV0]
    """Cumulative changelog end offsets for tasks. [array of TaskOffset]"""
    assignment: StreamsGroupDescribeResponseAssignmentV0
    """The current assignment. [Assignment]"""
    target_assignment: StreamsGroupDescribeResponseAssignmentV0
    """The target assignment. [Assignment]"""
    is_classic: bool
    """True for classic members that have not been upgraded yet. [bool]"""


class StreamsGroupDescribeResponseDescribedGroupV0(TaggedFields, total=False, closed=True):
    """``DescribedGroup`` of StreamsGroupDescribeResponse (as in version 0)."""
    error_code: int
    """The describe error, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The top-level error message, or null if there was no error. [string, nullable, default null]"""
    group_id: str
    """The group ID string. [string]"""
    group_state: str
    """The group state string, or the empty string. [string]"""
    group_epoch: int
    """The group epoch. [int32 (-2147483648 to 2147483647)]"""
    assignment_epoch: int
    """The assignment epoch. [int32 (-2147483648 to 2147483647)]"""
    topology: StreamsGroupDescribeResponseTopologyV0 | None
    """The topology metadata currently initialized for the streams application. Can be null in case of a describe error. [Topology, nullable, default null]"""
    members: list[StreamsGroupDescribeResponseMemberV0]
    """The members. [array of Member]"""
    authorized_operations: int
    """32-bit bitfield to represent authorized operations for this group. [int32 (-2147483648 to 2147483647), default -2147483648]"""


class StreamsGroupDescribeResponseV0(TaggedFields, total=False, closed=True):
    """StreamsGroupDescribeResponse version 0: the response body (message, API key 89)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    groups: list[StreamsGroupDescribeResponseDescribedGroupV0]
    """Each described group. [array of DescribedGroup]"""


class StreamsGroupDescribeResponseTopologyDescriptionNodeV1(TaggedFields, total=False, closed=True):
    """``TopologyDescriptionNode`` of StreamsGroupDescribeResponse (as in version 1)."""
    name: str
    """The name of this node (e.g., KSTREAM-SOURCE-0000000000). [string]"""
    node_type: int
    """The type of this node: 1=SOURCE, 2=PROCESSOR, 3=SINK. [int8 (-128 to 127)]"""
    source_topics: list[str]
    """The source topics this node reads from. Defined only for source nodes, may be empty if source topics are dynamically determined. [array of string]"""
    sink_topic: str | None
    """The topic this node writes to. Defined only for sink nodes, may be null if sink topic is dynamically determined. [string, nullable, default null]"""
    stores: list[str]
    """The state store names accessed by this node. Defined only for processor nodes. [array of string]"""
    successors: list[str]
    """The names of successor nodes in the processing graph. Predecessor relationships are reconstructed from this field. [array of string]"""


class StreamsGroupDescribeResponseTopologyDescriptionSubtopologyV1(TaggedFields, total=False, closed=True):
    """``TopologyDescriptionSubtopology`` of StreamsGroupDescribeResponse (as in version 1)."""
    subtopology_id: str
    """The subtopology identifier, unique within the topology. [string]"""
    nodes: list[StreamsGroupDescribeResponseTopologyDescriptionNodeV1]
    """The processing nodes in this subtopology. [array of TopologyDescriptionNode]"""


class StreamsGroupDescribeResponseTopologyDescriptionGlobalStoreV1(TaggedFields, total=False, closed=True):
    """``TopologyDescriptionGlobalStore`` of StreamsGroupDescribeResponse (as in version 1)."""
    source: StreamsGroupDescribeResponseTopologyDescriptionNodeV1
    """The source node providing data to the global store. [TopologyDescriptionNode]"""
    processor: StreamsGroupDescribeResponseTopologyDescriptionNodeV1
    """The processor node that populates the global store. [TopologyDescriptionNode]"""


class StreamsGroupDescribeResponseTopologyDescriptionV1(TaggedFields, total=False, closed=True):
    """``TopologyDescription`` of StreamsGroupDescribeResponse (as in version 1)."""
    subtopologies: list[StreamsGroupDescribeResponseTopologyDescriptionSubtopologyV1]
    """The subtopologies that make up this topology. [array of TopologyDescriptionSubtopology]"""
    global_stores: list[StreamsGroupDescribeResponseTopologyDescriptionGlobalStoreV1]
    """Global state stores used by this topology. [array of TopologyDescriptionGlobalStore]"""


class StreamsGroupDescribeResponseDescribedGroupV1(TaggedFields, total=False, closed=True):
    """``DescribedGroup`` of StreamsGroupDescribeResponse (as in version 1)."""
    error_code: int
    """The describe error, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The top-level error message, or null if there was no error. [string, nullable, default null]"""
    group_id: str
    """The group ID string. [string]"""
    group_state: str
    """The group state string, or the empty string. [string]"""
    group_epoch: int
    """The group epoch. [int32 (-2147483648 to 2147483647)]"""
    assignment_epoch: int
    """The assignment epoch. [int32 (-2147483648 to 2147483647)]"""
    topology: StreamsGroupDescribeResponseTopologyV0 | None
    """The topology metadata currently initialized for the streams application. Can be null in case of a describe error. [Topology, nullable, default null]"""
    members: list[StreamsGroupDescribeResponseMemberV0]
    """The members. [array of Member]"""
    authorized_operations: int
    """32-bit bitfield to represent authorized operations for this group. [int32 (-2147483648 to 2147483647), default -2147483648]"""
    topology_description: StreamsGroupDescribeResponseTopologyDescriptionV1 | None
    """The full topology description for this group. Non-null if and only if TopologyDescriptionStatus is AVAILABLE (3); null otherwise. [TopologyDescription, nullable, default null]"""
    topology_description_status: int
    """The status of the topology description for this group, paired with TopologyDescription: 0=NOT_REQUESTED (client did not set IncludeTopologyDescription; TopologyDescription is null); 1=NOT_STORED (no description recorded for this group; TopologyDescription is null); 2=ERROR (broker failed to fetch the description, see broker logs; TopologyDescription is null); 3=AVAILABLE (TopologyDescription is non-null and carries the description). [int8 (-128 to 127), default 0]"""
    assignor_name: str | None
    """The task assignor that the group coordinator will use for the next assignment computation. This may differ from the assignor that computed the current assignment, because changing the assignor configuration does not trigger a rebalance. Null in case of a describe error. [string, nullable, default null]"""


class StreamsGroupDescribeResponseV1(TaggedFields, total=False, closed=True):
    """StreamsGroupDescribeResponse version 1: the response body (message, API key 89)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    groups: list[StreamsGroupDescribeResponseDescribedGroupV1]
    """Each described group. [array of DescribedGroup]"""


class StreamsGroupHeartbeatRequestKeyValueV0(TaggedFields, total=False, closed=True):
    """``KeyValue`` of StreamsGroupHeartbeatRequest (as in version 0)."""
    key: str
    """key of the config [string]"""
    value: str
    """value of the config [string]"""


class StreamsGroupHeartbeatRequestTopicInfoV0(TaggedFields, total=False, closed=True):
    """``TopicInfo`` of StreamsGroupHeartbeatRequest (as in version 0)."""
    name: str
    """The name of the topic. [string]"""
    partitions: int
    """The number of partitions in the topic. Can be 0 if no specific number of partitions is enforced. Always 0 for changelog topics. [int32 (-2147483648 to 2147483647)]"""
    replication_factor: int
    """The replication factor of the topic. Can be 0 if the default replication factor should be used. [int16 (-32768 to 32767)]"""
    topic_configs: list[StreamsGroupHeartbeatRequestKeyValueV0]
    """Topic-level configurations as key-value pairs. [array of KeyValue]"""


class StreamsGroupHeartbeatRequestCopartitionGroupV0(TaggedFields, total=False, closed=True):
    """``CopartitionGroup`` of StreamsGroupHeartbeatRequest (as in version 0)."""
    source_topics: list[int]
    """The topics the topology reads from. Index into the array on the subtopology level. [array of int16 (-32768 to 32767)]"""
    source_topic_regex: list[int]
    """Regular expressions identifying topics the subtopology reads from. Index into the array on the subtopology level. [array of int16 (-32768 to 32767)]"""
    repartition_source_topics: list[int]
    """The set of source topics that are internally created repartition topics. Index into the array on the subtopology level. [array of int16 (-32768 to 32767)]"""


class StreamsGroupHeartbeatRequestSubtopologyV0(TaggedFields, total=False, closed=True):
    """``Subtopology`` of StreamsGroupHeartbeatRequest (as in version 0)."""
    subtopology_id: str
    """String to uniquely identify the subtopology. Deterministically generated from the topology [string]"""
    source_topics: list[str]
    """The topics the topology reads from. [array of string]"""
    source_topic_regex: list[str]
    """The regular expressions identifying topics the subtopology reads from. [array of string]"""
    state_changelog_topics: list[StreamsGroupHeartbeatRequestTopicInfoV0]
    """The set of state changelog topics associated with this subtopology. Created automatically. [array of TopicInfo]"""
    repartition_sink_topics: list[str]
    """The repartition topics the subtopology writes to. [array of string]"""
    repartition_source_topics: list[StreamsGroupHeartbeatRequestTopicInfoV0]
    """The set of source topics that are internally created repartition topics. Created automatically. [array of TopicInfo]"""
    copartition_groups: list[StreamsGroupHeartbeatRequestCopartitionGroupV0]
    """A subset of source topics that must be copartitioned. [array of CopartitionGroup]"""


class StreamsGroupHeartbeatRequestTopologyV0(TaggedFields, total=False, closed=True):
    """``Topology`` of StreamsGroupHeartbeatRequest (as in version 0)."""
    epoch: int
    """The epoch of the topology. Used to check if the topology corresponds to the topology initialized on the brokers. [int32 (-2147483648 to 2147483647)]"""
    subtopologies: list[StreamsGroupHeartbeatRequestSubtopologyV0]
    """The sub-topologies of the streams application. [array of Subtopology]"""


class StreamsGroupHeartbeatRequestTaskIdsV0(TaggedFields, total=False, closed=True):
    """``TaskIds`` of StreamsGroupHeartbeatRequest (as in version 0)."""
    subtopology_id: str
    """The subtopology identifier. [string]"""
    partitions: list[int]
    """The partitions of the input topics processed by this member. [array of int32 (-2147483648 to 2147483647)]"""


class StreamsGroupHeartbeatRequestEndpointV0(TaggedFields, total=False, closed=True):
    """``Endpoint`` of StreamsGroupHeartbeatRequest (as in version 0)."""
    host: str
    """host of the endpoint [string]"""
    port: int
    """port of the endpoint [uint16 (0 to 65535)]"""


class StreamsGroupHeartbeatRequestTaskOffsetV0(TaggedFields, total=False, closed=True):
    """``TaskOffset`` of StreamsGroupHeartbeatRequest (as in version 0)."""
    subtopology_id: str
    """The subtopology identifier. [string]"""
    partition: int
    """The partition. [int32 (-2147483648 to 2147483647)]"""
    offset: int
    """The offset. [int64 (-9223372036854775808 to 9223372036854775807)]"""


class StreamsGroupHeartbeatRequestV0(TaggedFields, total=False, closed=True):
    """StreamsGroupHeartbeatRequest version 0: the request body (message, API key 88)."""
    group_id: str
    """The group identifier. [string]"""
    member_id: str
    """The member ID generated by the streams consumer. The member ID must be kept during the entire lifetime of the streams consumer process. [string]"""
    member_epoch: int
    """The current member epoch; 0 to join the group; -1 to leave the group; -2 to indicate that the static member will rejoin. [int32 (-2147483648 to 2147483647)]"""
    endpoint_information_epoch: int
    """The current endpoint epoch of this client, represents the latest endpoint epoch this client received [int32 (-2147483648 to 2147483647)]"""
    instance_id: str | None
    """null if not provided or if it didn't change since the last heartbeat; the instance ID for static membership otherwise. [string, nullable, default null]"""
    rack_id: str | None
    """null if not provided or if it didn't change since the last heartbeat; the rack ID of the member otherwise. [string, nullable, default null]"""
    rebalance_timeout_ms: int
    """-1 if it didn't change since the last heartbeat; the maximum time in milliseconds that the coordinator will wait on the member to revoke its tasks otherwise. [int32 (-2147483648 to 2147483647), default -1]"""
    topology: StreamsGroupHeartbeatRequestTopologyV0 | None
    """The topology metadata of the streams application. Used to initialize the topology of the group and to check if the topology corresponds to the topology initialized for the group. Only sent when memberEpoch = 0, must be non-empty. Null otherwise. [Topology, nullable, default null]"""
    active_tasks: list[StreamsGroupHeartbeatRequestTaskIdsV0] | None
    """Currently owned active tasks for this client. Null if unchanged since last heartbeat. [array of TaskIds, nullable, default null]"""
    standby_tasks: list[StreamsGroupHeartbeatRequestTaskIdsV0] | None
    """Currently owned standby tasks for this client. Null if unchanged since last heartbeat. [array of TaskIds, nullable, default null]"""
    warmup_tasks: list[StreamsGroupHeartbeatRequestTaskIdsV0] | None
    """Currently owned warm-up tasks for this client. Null if unchanged since last heartbeat. [array of TaskIds, nullable, default null]"""
    process_id: str | None
    """Identity of the streams instance that may have multiple consumers. Null if unchanged since last heartbeat. [string, nullable, default null]"""
    user_endpoint: StreamsGroupHeartbeatRequestEndpointV0 | None
    """User-defined endpoint for Interactive Queries. Null if unchanged since last heartbeat, or if not defined on the client. [Endpoint, nullable, default null]"""
    client_tags: list[StreamsGroupHeartbeatRequestKeyValueV0] | None
    """Used for rack-aware assignment algorithm. Null if unchanged since last heartbeat. [array of KeyValue, nullable, default null]"""
    task_offsets: list[StreamsGroupHeartbeatRequestTaskOffsetV0] | None
    """Cumulative changelog offsets for tasks. Only updated when a warm-up task has caught up, and according to the task offset interval. Null if unchanged since last heartbeat. [array of TaskOffset, nullable, default null]"""
    task_end_offsets: list[StreamsGroupHeartbeatRequestTaskOffsetV0] | None
    """Cumulative changelog end-offsets for tasks. Only updated when a warm-up task has caught up, and according to the task offset interval. Null if unchanged since last heartbeat. [array of TaskOffset, nullable, default null]"""
    shutdown_application: bool
    """Whether all Streams clients in the group should shut down. [bool, default false]"""

StreamsGroupHeartbeatRequestV1 = StreamsGroupHeartbeatRequestV0
"""StreamsGroupHeartbeatRequest version 1: the request body (message, API key 88)."""


class StreamsGroupHeartbeatResponseStatusV0(TaggedFields, total=False, closed=True):
    """``Status`` of StreamsGroupHeartbeatResponse (as in version 0)."""
    status_code: int
    """A code to indicate that a particular status is active for the group membership [int8 (-128 to 127)]"""
    status_detail: str
    """A string representation of the status. [string]"""


class StreamsGroupHeartbeatResponseTaskIdsV0(TaggedFields, total=False, closed=True):
    """``TaskIds`` of StreamsGroupHeartbeatResponse (as in version 0)."""
    subtopology_id: str
    """The subtopology identifier. [string]"""
    partitions: list[int]
    """The partitions of the input topics processed by this member. [array of int32 (-2147483648 to 2147483647)]"""


class StreamsGroupHeartbeatResponseEndpointV0(TaggedFields, total=False, closed=True):
    """``Endpoint`` of StreamsGroupHeartbeatResponse (as in version 0)."""
    host: str
    """host of the endpoint [string]"""
    port: int
    """port of the endpoint [uint16 (0 to 65535)]"""


class StreamsGroupHeartbeatResponseTopicPartitionV0(TaggedFields, total=False, closed=True):
    """``TopicPartition`` of StreamsGroupHeartbeatResponse (as in version 0)."""
    topic: str
    """topic name [string]"""
    partitions: list[int]
    """partitions [array of int32 (-2147483648 to 2147483647)]"""


class StreamsGroupHeartbeatResponseEndpointToPartitionsV0(TaggedFields, total=False, closed=True):
    """``EndpointToPartitions`` of StreamsGroupHeartbeatResponse (as in version 0)."""
    user_endpoint: StreamsGroupHeartbeatResponseEndpointV0
    """User-defined endpoint to connect to the node [Endpoint]"""
    active_partitions: list[StreamsGroupHeartbeatResponseTopicPartitionV0]
    """The source topic partitions, including repartition source topics, of the active tasks assigned to this member [array of TopicPartition]"""
    standby_partitions: list[StreamsGroupHeartbeatResponseTopicPartitionV0]
    """The source topic partitions, including repartition source topics, of the standby and warm-up tasks assigned to this member [array of TopicPartition]"""


class StreamsGroupHeartbeatResponseV0(TaggedFields, total=False, closed=True):
    """StreamsGroupHeartbeatResponse version 0: the response body (message, API key 88)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The top-level error code, or 0 if there was no error [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The top-level error message, or null if there was no error. [string, nullable, default null]"""
    member_id: str
    """The member id is always generated by the streams consumer. [string]"""
    member_epoch: int
    """The member epoch. [int32 (-2147483648 to 2147483647)]"""
    heartbeat_interval_ms: int
    """The heartbeat interval in milliseconds. [int32 (-2147483648 to 2147483647)]"""
    acceptable_recovery_lag_legacy: int
    """Deprecated. The maximum acceptable lag (number of offsets to catch up) for a client to be considered caught-up enough to receive an active task assignment. Use AcceptableRecoveryLag instead. [int32 (-2147483648 to 2147483647)]"""
    task_offset_interval_ms: int
    """The interval in which the task changelog offsets on a client are updated on the broker. The offsets are sent with the next heartbeat after this time has passed. [int32 (-2147483648 to 2147483647)]"""
    status: list[StreamsGroupHeartbeatResponseStatusV0] | None
    """Indicate zero or more status for the group. [array of Status, nullable]"""
    active_tasks: list[StreamsGroupHeartbeatResponseTaskIdsV0] | None
    """Assigned active tasks for this client. Null if unchanged since last heartbeat. [array of TaskIds, nullable, default null]"""
    standby_tasks: list[StreamsGroupHeartbeatResponseTaskIdsV0] | None
    """Assigned standby tasks for this client. Null if unchanged since last heartbeat. [array of TaskIds, nullable, default null]"""
    warmup_tasks: list[StreamsGroupHeartbeatResponseTaskIdsV0] | None
    """Assigned warm-up tasks for this client. Null if unchanged since last heartbeat. [array of TaskIds, nullable, default null]"""
    endpoint_information_epoch: int
    """The endpoint epoch set in the response [int32 (-2147483648 to 2147483647)]"""
    partitions_by_user_endpoint: list[StreamsGroupHeartbeatResponseEndpointToPartitionsV0] | None
    """Global assignment information used for IQ. There is one entry per member, so several entries carry the same UserEndpoint when a client runs more than one stream thread; clients must union the entries of an endpoint. Null if unchanged since last heartbeat. [array of EndpointToPartitions, nullable, default null]"""


class StreamsGroupHeartbeatResponseV1(TaggedFields, total=False, closed=True):
    """StreamsGroupHeartbeatResponse version 1: the response body (message, API key 88)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The top-level error code, or 0 if there was no error [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The top-level error message, or null if there was no error. [string, nullable, default null]"""
    member_id: str
    """The member id is always generated by the streams consumer. [string]"""
    member_epoch: int
    """The member epoch. [int32 (-2147483648 to 2147483647)]"""
    heartbeat_interval_ms: int
    """The heartbeat interval in milliseconds. [int32 (-2147483648 to 2147483647)]"""
    task_offset_interval_ms: int
    """The interval in which the task changelog offsets on a client are updated on the broker. The offsets are sent with the next heartbeat after this time has passed. [int32 (-2147483648 to 2147483647)]"""
    acceptable_recovery_lag: int
    """The maximum acceptable lag (number of offsets to catch up) for a client to be considered caught-up enough to receive an active task assignment. A value of -1 indicates the broker does not support this configuration. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    status: list[StreamsGroupHeartbeatResponseStatusV0] | None
    """Indicate zero or more status for the group. [array of Status, nullable]"""
    active_tasks: list[StreamsGroupHeartbeatResponseTaskIdsV0] | None
    """Assigned active tasks for this client. Null if unchanged since last heartbeat. [array of TaskIds, nullable, default null]"""
    standby_tasks: list[StreamsGroupHeartbeatResponseTaskIdsV0] | None
    """Assigned standby tasks for this client. Null if unchanged since last heartbeat. [array of TaskIds, nullable, default null]"""
    warmup_tasks: list[StreamsGroupHeartbeatResponseTaskIdsV0] | None
    """Assigned warm-up tasks for this client. Null if unchanged since last heartbeat. [array of TaskIds, nullable, default null]"""
    topology_description_required: bool
    """True if the broker does not have an up-to-date topology description for this group. The client should send the topology description via StreamsGroupTopologyDescriptionUpdate. [bool, default false]"""
    endpoint_information_epoch: int
    """The endpoint epoch set in the response [int32 (-2147483648 to 2147483647)]"""
    partitions_by_user_endpoint: list[StreamsGroupHeartbeatResponseEndpointToPartitionsV0] | None
    """Global assignment information used for IQ. There is one entry per member, so several entries carry the same UserEndpoint when a client runs more than one stream thread; clients must union the entries of an endpoint. Null if unchanged since last heartbeat. [array of EndpointToPartitions, nullable, default null]"""


class StreamsGroupTopologyDescriptionUpdateRequestTopologyDescriptionNodeV0(TaggedFields, total=False, closed=True):
    """``TopologyDescriptionNode`` of StreamsGroupTopologyDescriptionUpdateRequest (as in version 0)."""
    name: str
    """The name of this node (e.g., KSTREAM-SOURCE-0000000000). [string]"""
    node_type: int
    """The type of this node: 1=SOURCE, 2=PROCESSOR, 3=SINK. [int8 (-128 to 127)]"""
    source_topics: list[str]
    """The source topics this node reads from. Defined only for source nodes, may be empty if source topics are dynamically determined. [array of string]"""
    sink_topic: str | None
    """The topic this node writes to. Defined only for sink nodes, may be null if sink topic is dynamically determined. [string, nullable, default null]"""
    stores: list[str]
    """The state store names accessed by this node. Defined only for processor nodes. [array of string]"""
    successors: list[str]
    """The names of successor nodes in the processing graph. Predecessor relationships are reconstructed from this field. [array of string]"""


class StreamsGroupTopologyDescriptionUpdateRequestTopologyDescriptionSubtopologyV0(TaggedFields, total=False, closed=True):
    """``TopologyDescriptionSubtopology`` of StreamsGroupTopologyDescriptionUpdateRequest (as in version 0)."""
    subtopology_id: str
    """The subtopology identifier, unique within the topology. [string]"""
    nodes: list[StreamsGroupTopologyDescriptionUpdateRequestTopologyDescriptionNodeV0]
    """The processing nodes in this subtopology. [array of TopologyDescriptionNode]"""


class StreamsGroupTopologyDescriptionUpdateRequestTopologyDescriptionGlobalStoreV0(TaggedFields, total=False, closed=True):
    """``TopologyDescriptionGlobalStore`` of StreamsGroupTopologyDescriptionUpdateRequest (as in version 0)."""
    source: StreamsGroupTopologyDescriptionUpdateRequestTopologyDescriptionNodeV0
    """The source node providing data to the global store. [TopologyDescriptionNode]"""
    processor: StreamsGroupTopologyDescriptionUpdateRequestTopologyDescriptionNodeV0
    """The processor node that populates the global store. [TopologyDescriptionNode]"""


class StreamsGroupTopologyDescriptionUpdateRequestTopologyDescriptionV0(TaggedFields, total=False, closed=True):
    """``TopologyDescription`` of StreamsGroupTopologyDescriptionUpdateRequest (as in version 0)."""
    subtopologies: list[StreamsGroupTopologyDescriptionUpdateRequestTopologyDescriptionSubtopologyV0]
    """The subtopologies that make up this topology. [array of TopologyDescriptionSubtopology]"""
    global_stores: list[StreamsGroupTopologyDescriptionUpdateRequestTopologyDescriptionGlobalStoreV0]
    """Global state stores used by this topology. [array of TopologyDescriptionGlobalStore]"""


class StreamsGroupTopologyDescriptionUpdateRequestV0(TaggedFields, total=False, closed=True):
    """StreamsGroupTopologyDescriptionUpdateRequest version 0: the request body (message, API key 93)."""
    group_id: str
    """The streams group identifier. [string]"""
    member_id: str
    """The ID of the streams group member sending the push. The broker validates that this member is still in the group; mismatches (including when the group itself has been deleted) are rejected with UNKNOWN_MEMBER_ID so the client treats itself as fenced and rejoins. [string]"""
    topology_epoch: int
    """The epoch of the topology being described. [int32 (-2147483648 to 2147483647)]"""
    topology_description: StreamsGroupTopologyDescriptionUpdateRequestTopologyDescriptionV0
    """The topology description. [TopologyDescription]"""


class StreamsGroupTopologyDescriptionUpdateResponseV0(TaggedFields, total=False, closed=True):
    """StreamsGroupTopologyDescriptionUpdateResponse version 0: the response body (message, API key 93)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The top-level error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The top-level error message, or null if there was no error. [string, nullable, default null]"""


class SyncGroupRequestAssignmentV0(TypedDict, total=False, closed=True):
    """``SyncGroupRequestAssignment`` of SyncGroupRequest (as in version 0)."""
    member_id: str
    """The ID of the member to assign. [string]"""
    assignment: bytes
    """The member assignment. [bytes]"""


class SyncGroupRequestV0(TypedDict, total=False, closed=True):
    """SyncGroupRequest version 0: the request body (message, API key 14)."""
    group_id: str
    """The unique group identifier. [string]"""
    generation_id: int
    """The generation of the group. [int32 (-2147483648 to 2147483647)]"""
    member_id: str
    """The member ID assigned by the group. [string]"""
    assignments: list[SyncGroupRequestAssignmentV0]
    """Each assignment. [array of SyncGroupRequestAssignment]"""

SyncGroupRequestV1 = SyncGroupRequestV0
"""SyncGroupRequest version 1: the request body (message, API key 14)."""

SyncGroupRequestV2 = SyncGroupRequestV0
"""SyncGroupRequest version 2: the request body (message, API key 14)."""


class SyncGroupRequestV3(TypedDict, total=False, closed=True):
    """SyncGroupRequest version 3: the request body (message, API key 14)."""
    group_id: str
    """The unique group identifier. [string]"""
    generation_id: int
    """The generation of the group. [int32 (-2147483648 to 2147483647)]"""
    member_id: str
    """The member ID assigned by the group. [string]"""
    group_instance_id: str | None
    """The unique identifier of the consumer instance provided by end user. [string, nullable, default null]"""
    assignments: list[SyncGroupRequestAssignmentV0]
    """Each assignment. [array of SyncGroupRequestAssignment]"""


class SyncGroupRequestAssignmentV4(TaggedFields, total=False, closed=True):
    """``SyncGroupRequestAssignment`` of SyncGroupRequest (as in version 4)."""
    member_id: str
    """The ID of the member to assign. [string]"""
    assignment: bytes
    """The member assignment. [bytes]"""


class SyncGroupRequestV4(TaggedFields, total=False, closed=True):
    """SyncGroupRequest version 4: the request body (message, API key 14)."""
    group_id: str
    """The unique group identifier. [string]"""
    generation_id: int
    """The generation of the group. [int32 (-2147483648 to 2147483647)]"""
    member_id: str
    """The member ID assigned by the group. [string]"""
    group_instance_id: str | None
    """The unique identifier of the consumer instance provided by end user. [string, nullable, default null]"""
    assignments: list[SyncGroupRequestAssignmentV4]
    """Each assignment. [array of SyncGroupRequestAssignment]"""


class SyncGroupRequestV5(TaggedFields, total=False, closed=True):
    """SyncGroupRequest version 5: the request body (message, API key 14)."""
    group_id: str
    """The unique group identifier. [string]"""
    generation_id: int
    """The generation of the group. [int32 (-2147483648 to 2147483647)]"""
    member_id: str
    """The member ID assigned by the group. [string]"""
    group_instance_id: str | None
    """The unique identifier of the consumer instance provided by end user. [string, nullable, default null]"""
    protocol_type: str | None
    """The group protocol type. [string, nullable, default null]"""
    protocol_name: str | None
    """The group protocol name. [string, nullable, default null]"""
    assignments: list[SyncGroupRequestAssignmentV4]
    """Each assignment. [array of SyncGroupRequestAssignment]"""


class SyncGroupResponseV0(TypedDict, total=False, closed=True):
    """SyncGroupResponse version 0: the response body (message, API key 14)."""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    assignment: bytes
    """The member assignment. [bytes]"""


class SyncGroupResponseV1(TypedDict, total=False, closed=True):
    """SyncGroupResponse version 1: the response body (message, API key 14)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    assignment: bytes
    """The member assignment. [bytes]"""

SyncGroupResponseV2 = SyncGroupResponseV1
"""SyncGroupResponse version 2: the response body (message, API key 14)."""

SyncGroupResponseV3 = SyncGroupResponseV1
"""SyncGroupResponse version 3: the response body (message, API key 14)."""


class SyncGroupResponseV4(TaggedFields, total=False, closed=True):
    """SyncGroupResponse version 4: the response body (message, API key 14)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    assignment: bytes
    """The member assignment. [bytes]"""


class SyncGroupResponseV5(TaggedFields, total=False, closed=True):
    """SyncGroupResponse version 5: the response body (message, API key 14)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    protocol_type: str | None
    """The group protocol type. [string, nullable, default null]"""
    protocol_name: str | None
    """The group protocol name. [string, nullable, default null]"""
    assignment: bytes
    """The member assignment. [bytes]"""


class TxnOffsetCommitRequestPartitionV0(TypedDict, total=False, closed=True):
    """``TxnOffsetCommitRequestPartition`` of TxnOffsetCommitRequest (as in version 0)."""
    partition_index: int
    """The index of the partition within the topic. [int32 (-2147483648 to 2147483647)]"""
    committed_offset: int
    """The message offset to be committed. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    committed_metadata: str | None
    """Any associated metadata the client wants to keep. [string, nullable]"""


class TxnOffsetCommitRequestTopicV0(TypedDict, total=False, closed=True):
    """``TxnOffsetCommitRequestTopic`` of TxnOffsetCommitRequest (as in version 0)."""
    name: str
    """The topic name. [string]"""
    partitions: list[TxnOffsetCommitRequestPartitionV0]
    """The partitions inside the topic that we want to commit offsets for. [array of TxnOffsetCommitRequestPartition]"""


class TxnOffsetCommitRequestV0(TypedDict, total=False, closed=True):
    """TxnOffsetCommitRequest version 0: the request body (message, API key 28)."""
    transactional_id: str
    """The ID of the transaction. [string]"""
    group_id: str
    """The ID of the group. [string]"""
    producer_id: int
    """The current producer ID in use by the transactional ID. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    producer_epoch: int
    """The current epoch associated with the producer ID. [int16 (-32768 to 32767)]"""
    topics: list[TxnOffsetCommitRequestTopicV0]
    """Each topic that we want to commit offsets for. [array of TxnOffsetCommitRequestTopic]"""

TxnOffsetCommitRequestV1 = TxnOffsetCommitRequestV0
"""TxnOffsetCommitRequest version 1: the request body (message, API key 28)."""


class TxnOffsetCommitRequestPartitionV2(TypedDict, total=False, closed=True):
    """``TxnOffsetCommitRequestPartition`` of TxnOffsetCommitRequest (as in version 2)."""
    partition_index: int
    """The index of the partition within the topic. [int32 (-2147483648 to 2147483647)]"""
    committed_offset: int
    """The message offset to be committed. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    committed_leader_epoch: int
    """The leader epoch of the last consumed record. [int32 (-2147483648 to 2147483647), default -1]"""
    committed_metadata: str | None
    """Any associated metadata the client wants to keep. [string, nullable]"""


class TxnOffsetCommitRequestTopicV2(TypedDict, total=False, closed=True):
    """``TxnOffsetCommitRequestTopic`` of TxnOffsetCommitRequest (as in version 2)."""
    name: str
    """The topic name. [string]"""
    partitions: list[TxnOffsetCommitRequestPartitionV2]
    """The partitions inside the topic that we want to commit offsets for. [array of TxnOffsetCommitRequestPartition]"""


class TxnOffsetCommitRequestV2(TypedDict, total=False, closed=True):
    """TxnOffsetCommitRequest version 2: the request body (message, API key 28)."""
    transactional_id: str
    """The ID of the transaction. [string]"""
    group_id: str
    """The ID of the group. [string]"""
    producer_id: int
    """The current producer ID in use by the transactional ID. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    producer_epoch: int
    """The current epoch associated with the producer ID. [int16 (-32768 to 32767)]"""
    topics: list[TxnOffsetCommitRequestTopicV2]
    """Each topic that we want to commit offsets for. [array of TxnOffsetCommitRequestTopic]"""


class TxnOffsetCommitRequestPartitionV3(TaggedFields, total=False, closed=True):
    """``TxnOffsetCommitRequestPartition`` of TxnOffsetCommitRequest (as in version 3)."""
    partition_index: int
    """The index of the partition within the topic. [int32 (-2147483648 to 2147483647)]"""
    committed_offset: int
    """The message offset to be committed. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    committed_leader_epoch: int
    """The leader epoch of the last consumed record. [int32 (-2147483648 to 2147483647), default -1]"""
    committed_metadata: str | None
    """Any associated metadata the client wants to keep. [string, nullable]"""


class TxnOffsetCommitRequestTopicV3(TaggedFields, total=False, closed=True):
    """``TxnOffsetCommitRequestTopic`` of TxnOffsetCommitRequest (as in version 3)."""
    name: str
    """The topic name. [string]"""
    partitions: list[TxnOffsetCommitRequestPartitionV3]
    """The partitions inside the topic that we want to commit offsets for. [array of TxnOffsetCommitRequestPartition]"""


class TxnOffsetCommitRequestV3(TaggedFields, total=False, closed=True):
    """TxnOffsetCommitRequest version 3: the request body (message, API key 28)."""
    transactional_id: str
    """The ID of the transaction. [string]"""
    group_id: str
    """The ID of the group. [string]"""
    producer_id: int
    """The current producer ID in use by the transactional ID. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    producer_epoch: int
    """The current epoch associated with the producer ID. [int16 (-32768 to 32767)]"""
    generation_id_or_member_epoch: int
    """The generation of the group if using the classic group protocol or the member epoch if using the consumer protocol. [int32 (-2147483648 to 2147483647), default -1]"""
    member_id: str
    """The member ID assigned by the group coordinator. [string, default \"\"]"""
    group_instance_id: str | None
    """The unique identifier of the consumer instance provided by end user. [string, nullable, default null]"""
    topics: list[TxnOffsetCommitRequestTopicV3]
    """Each topic that we want to commit offsets for. [array of TxnOffsetCommitRequestTopic]"""

TxnOffsetCommitRequestV4 = TxnOffsetCommitRequestV3
"""TxnOffsetCommitRequest version 4: the request body (message, API key 28)."""

TxnOffsetCommitRequestV5 = TxnOffsetCommitRequestV3
"""TxnOffsetCommitRequest version 5: the request body (message, API key 28)."""


class TxnOffsetCommitRequestTopicV6(TaggedFields, total=False, closed=True):
    """``TxnOffsetCommitRequestTopic`` of TxnOffsetCommitRequest (as in version 6)."""
    topic_id: UUID
    """The topic ID. [uuid]"""
    partitions: list[TxnOffsetCommitRequestPartitionV3]
    """The partitions inside the topic that we want to commit offsets for. [array of TxnOffsetCommitRequestPartition]"""


class TxnOffsetCommitRequestV6(TaggedFields, total=False, closed=True):
    """TxnOffsetCommitRequest version 6: the request body (message, API key 28)."""
    transactional_id: str
    """The ID of the transaction. [string]"""
    group_id: str
    """The ID of the group. [string]"""
    producer_id: int
    """The current producer ID in use by the transactional ID. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    producer_epoch: int
    """The current epoch associated with the producer ID. [int16 (-32768 to 32767)]"""
    generation_id_or_member_epoch: int
    """The generation of the group if using the classic group protocol or the member epoch if using the consumer protocol. [int32 (-2147483648 to 2147483647), default -1]"""
    member_id: str
    """The member ID assigned by the group coordinator. [string, default \"\"]"""
    group_instance_id: str | None
    """The unique identifier of the consumer instance provided by end user. [string, nullable, default null]"""
    topics: list[TxnOffsetCommitRequestTopicV6]
    """Each topic that we want to commit offsets for. [array of TxnOffsetCommitRequestTopic]"""


class TxnOffsetCommitResponsePartitionV0(TypedDict, total=False, closed=True):
    """``TxnOffsetCommitResponsePartition`` of TxnOffsetCommitResponse (as in version 0)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""


class TxnOffsetCommitResponseTopicV0(TypedDict, total=False, closed=True):
    """``TxnOffsetCommitResponseTopic`` of TxnOffsetCommitResponse (as in version 0)."""
    name: str
    """The topic name. [string]"""
    partitions: list[TxnOffsetCommitResponsePartitionV0]
    """The responses for each partition in the topic. [array of TxnOffsetCommitResponsePartition]"""


class TxnOffsetCommitResponseV0(TypedDict, total=False, closed=True):
    """TxnOffsetCommitResponse version 0: the response body (message, API key 28)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    topics: list[TxnOffsetCommitResponseTopicV0]
    """The responses for each topic. [array of TxnOffsetCommitResponseTopic]"""

TxnOffsetCommitResponseV1 = TxnOffsetCommitResponseV0
"""TxnOffsetCommitResponse version 1: the response body (message, API key 28)."""

TxnOffsetCommitResponseV2 = TxnOffsetCommitResponseV0
"""TxnOffsetCommitResponse version 2: the response body (message, API key 28)."""


class TxnOffsetCommitResponsePartitionV3(TaggedFields, total=False, closed=True):
    """``TxnOffsetCommitResponsePartition`` of TxnOffsetCommitResponse (as in version 3)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""


class TxnOffsetCommitResponseTopicV3(TaggedFields, total=False, closed=True):
    """``TxnOffsetCommitResponseTopic`` of TxnOffsetCommitResponse (as in version 3)."""
    name: str
    """The topic name. [string]"""
    partitions: list[TxnOffsetCommitResponsePartitionV3]
    """The responses for each partition in the topic. [array of TxnOffsetCommitResponsePartition]"""


class TxnOffsetCommitResponseV3(TaggedFields, total=False, closed=True):
    """TxnOffsetCommitResponse version 3: the response body (message, API key 28)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    topics: list[TxnOffsetCommitResponseTopicV3]
    """The responses for each topic. [array of TxnOffsetCommitResponseTopic]"""

TxnOffsetCommitResponseV4 = TxnOffsetCommitResponseV3
"""TxnOffsetCommitResponse version 4: the response body (message, API key 28)."""

TxnOffsetCommitResponseV5 = TxnOffsetCommitResponseV3
"""TxnOffsetCommitResponse version 5: the response body (message, API key 28)."""


class TxnOffsetCommitResponseTopicV6(TaggedFields, total=False, closed=True):
    """``TxnOffsetCommitResponseTopic`` of TxnOffsetCommitResponse (as in version 6)."""
    topic_id: UUID
    """The topic ID. [uuid]"""
    partitions: list[TxnOffsetCommitResponsePartitionV3]
    """The responses for each partition in the topic. [array of TxnOffsetCommitResponsePartition]"""


class TxnOffsetCommitResponseV6(TaggedFields, total=False, closed=True):
    """TxnOffsetCommitResponse version 6: the response body (message, API key 28)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    topics: list[TxnOffsetCommitResponseTopicV6]
    """The responses for each topic. [array of TxnOffsetCommitResponseTopic]"""


class UnregisterBrokerRequestV0(TaggedFields, total=False, closed=True):
    """UnregisterBrokerRequest version 0: the request body (message, API key 64)."""
    broker_id: int
    """The broker ID to unregister. [int32 (-2147483648 to 2147483647)]"""


class UnregisterBrokerResponseV0(TaggedFields, total=False, closed=True):
    """UnregisterBrokerResponse version 0: the response body (message, API key 64)."""
    throttle_time_ms: int
    """Duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The top-level error message, or `null` if there was no top-level error. [string, nullable]"""


class UnregisterControllerRequestV0(TaggedFields, total=False, closed=True):
    """UnregisterControllerRequest version 0: the request body (message, API key 94)."""
    controller_id: int
    """The controller ID to unregister. [int32 (-2147483648 to 2147483647)]"""


class UnregisterControllerResponseV0(TaggedFields, total=False, closed=True):
    """UnregisterControllerResponse version 0: the response body (message, API key 94)."""
    throttle_time_ms: int
    """Duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The top-level error message, or `null` if there was no top-level error. [string, nullable]"""


class UpdateFeaturesRequestFeatureUpdateKeyV0(TaggedFields, total=False, closed=True):
    """``FeatureUpdateKey`` of UpdateFeaturesRequest (as in version 0)."""
    feature: str
    """The name of the finalized feature to be updated. [string]"""
    max_version_level: int
    """The new maximum version level for the finalized feature. A value >= 1 is valid. A value < 1, is special, and can be used to request the deletion of the finalized feature. [int16 (-32768 to 32767)]"""
    allow_downgrade: bool
    """DEPRECATED in version 1 (see DowngradeType). When set to true, the finalized feature version level is allowed to be downgraded/deleted. The downgrade request will fail if the new maximum version level is a value that's not lower than the existing maximum finalized version level. [bool]"""


class UpdateFeaturesRequestV0(TaggedFields, total=False, closed=True):
    """UpdateFeaturesRequest version 0: the request body (message, API key 57)."""
    timeout_ms: int
    """How long to wait in milliseconds before timing out the request. [int32 (-2147483648 to 2147483647), default 60000]"""
    feature_updates: list[UpdateFeaturesRequestFeatureUpdateKeyV0]
    """The list of updates to finalized features. [array of FeatureUpdateKey]"""


class UpdateFeaturesRequestFeatureUpdateKeyV1(TaggedFields, total=False, closed=True):
    """``FeatureUpdateKey`` of UpdateFeaturesRequest (as in version 1)."""
    feature: str
    """The name of the finalized feature to be updated. [string]"""
    max_version_level: int
    """The new maximum version level for the finalized feature. A value >= 1 is valid. A value < 1, is special, and can be used to request the deletion of the finalized feature. [int16 (-32768 to 32767)]"""
    upgrade_type: int
    """Determine which type of upgrade will be performed: 1 will perform an upgrade only (default), 2 is safe downgrades only (lossless), 3 is unsafe downgrades (lossy). [int8 (-128 to 127), default 1]"""


class UpdateFeaturesRequestV1(TaggedFields, total=False, closed=True):
    """UpdateFeaturesRequest version 1: the request body (message, API key 57)."""
    timeout_ms: int
    """How long to wait in milliseconds before timing out the request. [int32 (-2147483648 to 2147483647), default 60000]"""
    feature_updates: list[UpdateFeaturesRequestFeatureUpdateKeyV1]
    """The list of updates to finalized features. [array of FeatureUpdateKey]"""
    validate_only: bool
    """True if we should validate the request, but not perform the upgrade or downgrade. [bool, default false]"""

UpdateFeaturesRequestV2 = UpdateFeaturesRequestV1
"""UpdateFeaturesRequest version 2: the request body (message, API key 57)."""


class UpdateFeaturesResponseUpdatableFeatureResultV0(TaggedFields, total=False, closed=True):
    """``UpdatableFeatureResult`` of UpdateFeaturesResponse (as in version 0)."""
    feature: str
    """The name of the finalized feature. [string]"""
    error_code: int
    """The feature update error code or `0` if the feature update succeeded. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The feature update error, or `null` if the feature update succeeded. [string, nullable]"""


class UpdateFeaturesResponseV0(TaggedFields, total=False, closed=True):
    """UpdateFeaturesResponse version 0: the response body (message, API key 57)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The top-level error code, or `0` if there was no top-level error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The top-level error message, or `null` if there was no top-level error. [string, nullable]"""
    results: list[UpdateFeaturesResponseUpdatableFeatureResultV0]
    """Results for each feature update. [array of UpdatableFeatureResult]"""

UpdateFeaturesResponseV1 = UpdateFeaturesResponseV0
"""UpdateFeaturesResponse version 1: the response body (message, API key 57)."""


class UpdateFeaturesResponseV2(TaggedFields, total=False, closed=True):
    """UpdateFeaturesResponse version 2: the response body (message, API key 57)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The top-level error code, or `0` if there was no top-level error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The top-level error message, or `null` if there was no top-level error. [string, nullable]"""


class UpdateMetadataRequestUpdateMetadataPartitionStateV0(TypedDict, total=False, closed=True):
    """``UpdateMetadataPartitionState`` of UpdateMetadataRequest (as in version 0)."""
    topic_name: str
    """In older versions of this RPC, the topic name. [string]"""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    controller_epoch: int
    """The controller epoch. [int32 (-2147483648 to 2147483647)]"""
    leader: int
    """The ID of the broker which is the current partition leader. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The leader epoch of this partition. [int32 (-2147483648 to 2147483647)]"""
    isr: list[int]
    """The brokers which are in the ISR for this partition. [array of int32 (-2147483648 to 2147483647)]"""
    zk_version: int
    """The Zookeeper version. [int32 (-2147483648 to 2147483647)]"""
    replicas: list[int]
    """All the replicas of this partition. [array of int32 (-2147483648 to 2147483647)]"""


class UpdateMetadataRequestUpdateMetadataBrokerV0(TypedDict, total=False, closed=True):
    """``UpdateMetadataBroker`` of UpdateMetadataRequest (as in version 0)."""
    id: int
    """The broker id. [int32 (-2147483648 to 2147483647)]"""
    v0_host: str
    """The broker hostname. [string]"""
    v0_port: int
    """The broker port. [int32 (-2147483648 to 2147483647)]"""


class UpdateMetadataRequestV0(TypedDict, total=False, closed=True):
    """UpdateMetadataRequest version 0: the request body (message, API key 6)."""
    controller_id: int
    """The controller id. [int32 (-2147483648 to 2147483647)]"""
    controller_epoch: int
    """The controller epoch. [int32 (-2147483648 to 2147483647)]"""
    ungrouped_partition_states: list[UpdateMetadataRequestUpdateMetadataPartitionStateV0]
    """In older versions of this RPC, each partition that we would like to update. [array of UpdateMetadataPartitionState]"""
    live_brokers: list[UpdateMetadataRequestUpdateMetadataBrokerV0]
    """LiveBrokers. [array of UpdateMetadataBroker]"""


class UpdateMetadataRequestUpdateMetadataEndpointV1(TypedDict, total=False, closed=True):
    """``UpdateMetadataEndpoint`` of UpdateMetadataRequest (as in version 1)."""
    port: int
    """The port of this endpoint [int32 (-2147483648 to 2147483647)]"""
    host: str
    """The hostname of this endpoint [string]"""
    security_protocol: int
    """The security protocol type. [int16 (-32768 to 32767)]"""


class UpdateMetadataRequestUpdateMetadataBrokerV1(TypedDict, total=False, closed=True):
    """``UpdateMetadataBroker`` of UpdateMetadataRequest (as in version 1)."""
    id: int
    """The broker id. [int32 (-2147483648 to 2147483647)]"""
    endpoints: list[UpdateMetadataRequestUpdateMetadataEndpointV1]
    """The broker endpoints. [array of UpdateMetadataEndpoint]"""


class UpdateMetadataRequestV1(TypedDict, total=False, closed=True):
    """UpdateMetadataRequest version 1: the request body (message, API key 6)."""
    controller_id: int
    """The controller id. [int32 (-2147483648 to 2147483647)]"""
    controller_epoch: int
    """The controller epoch. [int32 (-2147483648 to 2147483647)]"""
    ungrouped_partition_states: list[UpdateMetadataRequestUpdateMetadataPartitionStateV0]
    """In older versions of this RPC, each partition that we would like to update. [array of UpdateMetadataPartitionState]"""
    live_brokers: list[UpdateMetadataRequestUpdateMetadataBrokerV1]
    """LiveBrokers. [array of UpdateMetadataBroker]"""


class UpdateMetadataRequestUpdateMetadataBrokerV2(TypedDict, total=False, closed=True):
    """``UpdateMetadataBroker`` of UpdateMetadataRequest (as in version 2)."""
    id: int
    """The broker id. [int32 (-2147483648 to 2147483647)]"""
    endpoints: list[UpdateMetadataRequestUpdateMetadataEndpointV1]
    """The broker endpoints. [array of UpdateMetadataEndpoint]"""
    rack: str | None
    """The rack which this broker belongs to. [string, nullable]"""


class UpdateMetadataRequestV2(TypedDict, total=False, closed=True):
    """UpdateMetadataRequest version 2: the request body (message, API key 6)."""
    controller_id: int
    """The controller id. [int32 (-2147483648 to 2147483647)]"""
    controller_epoch: int
    """The controller epoch. [int32 (-2147483648 to 2147483647)]"""
    ungrouped_partition_states: list[UpdateMetadataRequestUpdateMetadataPartitionStateV0]
    """In older versions of this RPC, each partition that we would like to update. [array of UpdateMetadataPartitionState]"""
    live_brokers: list[UpdateMetadataRequestUpdateMetadataBrokerV2]
    """LiveBrokers. [array of UpdateMetadataBroker]"""


class UpdateMetadataRequestUpdateMetadataEndpointV3(TypedDict, total=False, closed=True):
    """``UpdateMetadataEndpoint`` of UpdateMetadataRequest (as in version 3)."""
    port: int
    """The port of this endpoint [int32 (-2147483648 to 2147483647)]"""
    host: str
    """The hostname of this endpoint [string]"""
    listener: str
    """The listener name. [string]"""
    security_protocol: int
    """The security protocol type. [int16 (-32768 to 32767)]"""


class UpdateMetadataRequestUpdateMetadataBrokerV3(TypedDict, total=False, closed=True):
    """``UpdateMetadataBroker`` of UpdateMetadataRequest (as in version 3)."""
    id: int
    """The broker id. [int32 (-2147483648 to 2147483647)]"""
    endpoints: list[UpdateMetadataRequestUpdateMetadataEndpointV3]
    """The broker endpoints. [array of UpdateMetadataEndpoint]"""
    rack: str | None
    """The rack which this broker belongs to. [string, nullable]"""


class UpdateMetadataRequestV3(TypedDict, total=False, closed=True):
    """UpdateMetadataRequest version 3: the request body (message, API key 6)."""
    controller_id: int
    """The controller id. [int32 (-2147483648 to 2147483647)]"""
    controller_epoch: int
    """The controller epoch. [int32 (-2147483648 to 2147483647)]"""
    ungrouped_partition_states: list[UpdateMetadataRequestUpdateMetadataPartitionStateV0]
    """In older versions of this RPC, each partition that we would like to update. [array of UpdateMetadataPartitionState]"""
    live_brokers: list[UpdateMetadataRequestUpdateMetadataBrokerV3]
    """LiveBrokers. [array of UpdateMetadataBroker]"""


class UpdateMetadataRequestUpdateMetadataPartitionStateV4(TypedDict, total=False, closed=True):
    """``UpdateMetadataPartitionState`` of UpdateMetadataRequest (as in version 4)."""
    topic_name: str
    """In older versions of this RPC, the topic name. [string]"""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    controller_epoch: int
    """The controller epoch. [int32 (-2147483648 to 2147483647)]"""
    leader: int
    """The ID of the broker which is the current partition leader. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The leader epoch of this partition. [int32 (-2147483648 to 2147483647)]"""
    isr: list[int]
    """The brokers which are in the ISR for this partition. [array of int32 (-2147483648 to 2147483647)]"""
    zk_version: int
    """The Zookeeper version. [int32 (-2147483648 to 2147483647)]"""
    replicas: list[int]
    """All the replicas of this partition. [array of int32 (-2147483648 to 2147483647)]"""
    offline_replicas: list[int]
    """The replicas of this partition which are offline. [array of int32 (-2147483648 to 2147483647)]"""


class UpdateMetadataRequestV4(TypedDict, total=False, closed=True):
    """UpdateMetadataRequest version 4: the request body (message, API key 6)."""
    controller_id: int
    """The controller id. [int32 (-2147483648 to 2147483647)]"""
    controller_epoch: int
    """The controller epoch. [int32 (-2147483648 to 2147483647)]"""
    ungrouped_partition_states: list[UpdateMetadataRequestUpdateMetadataPartitionStateV4]
    """In older versions of this RPC, each partition that we would like to update. [array of UpdateMetadataPartitionState]"""
    live_brokers: list[UpdateMetadataRequestUpdateMetadataBrokerV3]
    """LiveBrokers. [array of UpdateMetadataBroker]"""


class UpdateMetadataRequestUpdateMetadataPartitionStateV5(TypedDict, total=False, closed=True):
    """``UpdateMetadataPartitionState`` of UpdateMetadataRequest (as in version 5)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    controller_epoch: int
    """The controller epoch. [int32 (-2147483648 to 2147483647)]"""
    leader: int
    """The ID of the broker which is the current partition leader. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The leader epoch of this partition. [int32 (-2147483648 to 2147483647)]"""
    isr: list[int]
    """The brokers which are in the ISR for this partition. [array of int32 (-2147483648 to 2147483647)]"""
    zk_version: int
    """The Zookeeper version. [int32 (-2147483648 to 2147483647)]"""
    replicas: list[int]
    """All the replicas of this partition. [array of int32 (-2147483648 to 2147483647)]"""
    offline_replicas: list[int]
    """The replicas of this partition which are offline. [array of int32 (-2147483648 to 2147483647)]"""


class UpdateMetadataRequestUpdateMetadataTopicStateV5(TypedDict, total=False, closed=True):
    """``UpdateMetadataTopicState`` of UpdateMetadataRequest (as in version 5)."""
    topic_name: str
    """The topic name. [string]"""
    partition_states: list[UpdateMetadataRequestUpdateMetadataPartitionStateV5]
    """The partition that we would like to update. [array of UpdateMetadataPartitionState]"""


class UpdateMetadataRequestV5(TypedDict, total=False, closed=True):
    """UpdateMetadataRequest version 5: the request body (message, API key 6)."""
    controller_id: int
    """The controller id. [int32 (-2147483648 to 2147483647)]"""
    controller_epoch: int
    """The controller epoch. [int32 (-2147483648 to 2147483647)]"""
    broker_epoch: int
    """The broker epoch. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    topic_states: list[UpdateMetadataRequestUpdateMetadataTopicStateV5]
    """In newer versions of this RPC, each topic that we would like to update. [array of UpdateMetadataTopicState]"""
    live_brokers: list[UpdateMetadataRequestUpdateMetadataBrokerV3]
    """LiveBrokers. [array of UpdateMetadataBroker]"""


class UpdateMetadataRequestUpdateMetadataPartitionStateV6(TaggedFields, total=False, closed=True):
    """``UpdateMetadataPartitionState`` of UpdateMetadataRequest (as in version 6)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    controller_epoch: int
    """The controller epoch. [int32 (-2147483648 to 2147483647)]"""
    leader: int
    """The ID of the broker which is the current partition leader. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The leader epoch of this partition. [int32 (-2147483648 to 2147483647)]"""
    isr: list[int]
    """The brokers which are in the ISR for this partition. [array of int32 (-2147483648 to 2147483647)]"""
    zk_version: int
    """The Zookeeper version. [int32 (-2147483648 to 2147483647)]"""
    replicas: list[int]
    """All the replicas of this partition. [array of int32 (-2147483648 to 2147483647)]"""
    offline_replicas: list[int]
    """The replicas of this partition which are offline. [array of int32 (-2147483648 to 2147483647)]"""


class UpdateMetadataRequestUpdateMetadataTopicStateV6(TaggedFields, total=False, closed=True):
    """``UpdateMetadataTopicState`` of UpdateMetadataRequest (as in version 6)."""
    topic_name: str
    """The topic name. [string]"""
    partition_states: list[UpdateMetadataRequestUpdateMetadataPartitionStateV6]
    """The partition that we would like to update. [array of UpdateMetadataPartitionState]"""


class UpdateMetadataRequestUpdateMetadataEndpointV6(TaggedFields, total=False, closed=True):
    """``UpdateMetadataEndpoint`` of UpdateMetadataRequest (as in version 6)."""
    port: int
    """The port of this endpoint [int32 (-2147483648 to 2147483647)]"""
    host: str
    """The hostname of this endpoint [string]"""
    listener: str
    """The listener name. [string]"""
    security_protocol: int
    """The security protocol type. [int16 (-32768 to 32767)]"""


class UpdateMetadataRequestUpdateMetadataBrokerV6(TaggedFields, total=False, closed=True):
    """``UpdateMetadataBroker`` of UpdateMetadataRequest (as in version 6)."""
    id: int
    """The broker id. [int32 (-2147483648 to 2147483647)]"""
    endpoints: list[UpdateMetadataRequestUpdateMetadataEndpointV6]
    """The broker endpoints. [array of UpdateMetadataEndpoint]"""
    rack: str | None
    """The rack which this broker belongs to. [string, nullable]"""


class UpdateMetadataRequestV6(TaggedFields, total=False, closed=True):
    """UpdateMetadataRequest version 6: the request body (message, API key 6)."""
    controller_id: int
    """The controller id. [int32 (-2147483648 to 2147483647)]"""
    controller_epoch: int
    """The controller epoch. [int32 (-2147483648 to 2147483647)]"""
    broker_epoch: int
    """The broker epoch. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    topic_states: list[UpdateMetadataRequestUpdateMetadataTopicStateV6]
    """In newer versions of this RPC, each topic that we would like to update. [array of UpdateMetadataTopicState]"""
    live_brokers: list[UpdateMetadataRequestUpdateMetadataBrokerV6]
    """LiveBrokers. [array of UpdateMetadataBroker]"""


class UpdateMetadataRequestUpdateMetadataTopicStateV7(TaggedFields, total=False, closed=True):
    """``UpdateMetadataTopicState`` of UpdateMetadataRequest (as in version 7)."""
    topic_name: str
    """The topic name. [string]"""
    topic_id: UUID
    """The topic id. [uuid]"""
    partition_states: list[UpdateMetadataRequestUpdateMetadataPartitionStateV6]
    """The partition that we would like to update. [array of UpdateMetadataPartitionState]"""


class UpdateMetadataRequestV7(TaggedFields, total=False, closed=True):
    """UpdateMetadataRequest version 7: the request body (message, API key 6)."""
    controller_id: int
    """The controller id. [int32 (-2147483648 to 2147483647)]"""
    controller_epoch: int
    """The controller epoch. [int32 (-2147483648 to 2147483647)]"""
    broker_epoch: int
    """The broker epoch. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    topic_states: list[UpdateMetadataRequestUpdateMetadataTopicStateV7]
    """In newer versions of this RPC, each topic that we would like to update. [array of UpdateMetadataTopicState]"""
    live_brokers: list[UpdateMetadataRequestUpdateMetadataBrokerV6]
    """LiveBrokers. [array of UpdateMetadataBroker]"""


class UpdateMetadataRequestV8(TaggedFields, total=False, closed=True):
    """UpdateMetadataRequest version 8: the request body (message, API key 6)."""
    controller_id: int
    """The controller id. [int32 (-2147483648 to 2147483647)]"""
    is_kraft_controller: bool
    """If KRaft controller id is used during migration. See KIP-866 [bool, default false]"""
    type: int
    """Indicates if this request is a Full metadata snapshot (2), Incremental (1), or Unknown (0). Using during ZK migration, see KIP-866 [int8 (-128 to 127), tagged field 0, default 0]"""
    controller_epoch: int
    """The controller epoch. [int32 (-2147483648 to 2147483647)]"""
    broker_epoch: int
    """The broker epoch. [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    topic_states: list[UpdateMetadataRequestUpdateMetadataTopicStateV7]
    """In newer versions of this RPC, each topic that we would like to update. [array of UpdateMetadataTopicState]"""
    live_brokers: list[UpdateMetadataRequestUpdateMetadataBrokerV6]
    """LiveBrokers. [array of UpdateMetadataBroker]"""


class UpdateMetadataResponseV0(TypedDict, total=False, closed=True):
    """UpdateMetadataResponse version 0: the response body (message, API key 6)."""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""

UpdateMetadataResponseV1 = UpdateMetadataResponseV0
"""UpdateMetadataResponse version 1: the response body (message, API key 6)."""

UpdateMetadataResponseV2 = UpdateMetadataResponseV0
"""UpdateMetadataResponse version 2: the response body (message, API key 6)."""

UpdateMetadataResponseV3 = UpdateMetadataResponseV0
"""UpdateMetadataResponse version 3: the response body (message, API key 6)."""

UpdateMetadataResponseV4 = UpdateMetadataResponseV0
"""UpdateMetadataResponse version 4: the response body (message, API key 6)."""

UpdateMetadataResponseV5 = UpdateMetadataResponseV0
"""UpdateMetadataResponse version 5: the response body (message, API key 6)."""


class UpdateMetadataResponseV6(TaggedFields, total=False, closed=True):
    """UpdateMetadataResponse version 6: the response body (message, API key 6)."""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""

UpdateMetadataResponseV7 = UpdateMetadataResponseV6
"""UpdateMetadataResponse version 7: the response body (message, API key 6)."""

UpdateMetadataResponseV8 = UpdateMetadataResponseV6
"""UpdateMetadataResponse version 8: the response body (message, API key 6)."""


class UpdateRaftVoterRequestListenerV0(TaggedFields, total=False, closed=True):
    """``Listener`` of UpdateRaftVoterRequest (as in version 0)."""
    name: str
    """The name of the endpoint. [string]"""
    host: str
    """The hostname. [string]"""
    port: int
    """The port. [uint16 (0 to 65535)]"""


class UpdateRaftVoterRequestKRaftVersionFeatureV0(TaggedFields, total=False, closed=True):
    """``KRaftVersionFeature`` of UpdateRaftVoterRequest (as in version 0)."""
    min_supported_version: int
    """The minimum supported KRaft protocol version. [int16 (-32768 to 32767)]"""
    max_supported_version: int
    """The maximum supported KRaft protocol version. [int16 (-32768 to 32767)]"""


class UpdateRaftVoterRequestV0(TaggedFields, total=False, closed=True):
    """UpdateRaftVoterRequest version 0: the request body (message, API key 82)."""
    cluster_id: str | None
    """The cluster id. [string, nullable]"""
    current_leader_epoch: int
    """The current leader epoch of the partition, -1 for unknown leader epoch. [int32 (-2147483648 to 2147483647)]"""
    voter_id: int
    """The replica id of the voter getting updated in the topic partition. [int32 (-2147483648 to 2147483647)]"""
    voter_directory_id: UUID
    """The directory id of the voter getting updated in the topic partition. [uuid]"""
    listeners: list[UpdateRaftVoterRequestListenerV0]
    """The endpoint that can be used to communicate with the leader. [array of Listener]"""
    kraft_version_feature: UpdateRaftVoterRequestKRaftVersionFeatureV0
    """The range of versions of the protocol that the replica supports. [KRaftVersionFeature]"""


class UpdateRaftVoterResponseCurrentLeaderV0(TaggedFields, total=False, closed=True):
    """``CurrentLeader`` of UpdateRaftVoterResponse (as in version 0)."""
    leader_id: int
    """The replica id of the current leader or -1 if the leader is unknown. [int32 (-2147483648 to 2147483647), default -1]"""
    leader_epoch: int
    """The latest known leader epoch. [int32 (-2147483648 to 2147483647), default -1]"""
    host: str
    """The node's hostname. [string]"""
    port: int
    """The node's port. [int32 (-2147483648 to 2147483647)]"""


class UpdateRaftVoterResponseV0(TaggedFields, total=False, closed=True):
    """UpdateRaftVoterResponse version 0: the response body (message, API key 82)."""
    throttle_time_ms: int
    """The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    current_leader: UpdateRaftVoterResponseCurrentLeaderV0
    """Details of the current Raft cluster leader. [CurrentLeader, tagged field 0]"""


class VoteRequestPartitionDataV0(TaggedFields, total=False, closed=True):
    """``PartitionData`` of VoteRequest (as in version 0)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    replica_epoch: int
    """The epoch of the voter sending the request [int32 (-2147483648 to 2147483647)]"""
    replica_id: int
    """The replica id of the voter sending the request [int32 (-2147483648 to 2147483647)]"""
    last_offset_epoch: int
    """The epoch of the last record written to the metadata log. [int32 (-2147483648 to 2147483647)]"""
    last_offset: int
    """The log end offset of the metadata log of the voter sending the request. [int64 (-9223372036854775808 to 9223372036854775807)]"""


class VoteRequestTopicDataV0(TaggedFields, total=False, closed=True):
    """``TopicData`` of VoteRequest (as in version 0)."""
    topic_name: str
    """The topic name. [string]"""
    partitions: list[VoteRequestPartitionDataV0]
    """The partition data. [array of PartitionData]"""


class VoteRequestV0(TaggedFields, total=False, closed=True):
    """VoteRequest version 0: the request body (message, API key 52)."""
    cluster_id: str | None
    """The cluster id. [string, nullable, default null]"""
    topics: list[VoteRequestTopicDataV0]
    """The topic data. [array of TopicData]"""


class VoteRequestPartitionDataV1(TaggedFields, total=False, closed=True):
    """``PartitionData`` of VoteRequest (as in version 1)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    replica_epoch: int
    """The epoch of the voter sending the request [int32 (-2147483648 to 2147483647)]"""
    replica_id: int
    """The replica id of the voter sending the request [int32 (-2147483648 to 2147483647)]"""
    replica_directory_id: UUID
    """The directory id of the voter sending the request [uuid]"""
    voter_directory_id: UUID
    """The directory id of the voter receiving the request [uuid]"""
    last_offset_epoch: int
    """The epoch of the last record written to the metadata log. [int32 (-2147483648 to 2147483647)]"""
    last_offset: int
    """The log end offset of the metadata log of the voter sending the request. [int64 (-9223372036854775808 to 9223372036854775807)]"""


class VoteRequestTopicDataV1(TaggedFields, total=False, closed=True):
    """``TopicData`` of VoteRequest (as in version 1)."""
    topic_name: str
    """The topic name. [string]"""
    partitions: list[VoteRequestPartitionDataV1]
    """The partition data. [array of PartitionData]"""


class VoteRequestV1(TaggedFields, total=False, closed=True):
    """VoteRequest version 1: the request body (message, API key 52)."""
    cluster_id: str | None
    """The cluster id. [string, nullable, default null]"""
    voter_id: int
    """The replica id of the voter receiving the request. [int32 (-2147483648 to 2147483647), default -1]"""
    topics: list[VoteRequestTopicDataV1]
    """The topic data. [array of TopicData]"""


class VoteRequestPartitionDataV2(TaggedFields, total=False, closed=True):
    """``PartitionData`` of VoteRequest (as in version 2)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    replica_epoch: int
    """The epoch of the voter sending the request [int32 (-2147483648 to 2147483647)]"""
    replica_id: int
    """The replica id of the voter sending the request [int32 (-2147483648 to 2147483647)]"""
    replica_directory_id: UUID
    """The directory id of the voter sending the request [uuid]"""
    voter_directory_id: UUID
    """The directory id of the voter receiving the request [uuid]"""
    last_offset_epoch: int
    """The epoch of the last record written to the metadata log. [int32 (-2147483648 to 2147483647)]"""
    last_offset: int
    """The log end offset of the metadata log of the voter sending the request. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    pre_vote: bool
    """Whether the request is a PreVote request (not persisted) or not. [bool]"""


class VoteRequestTopicDataV2(TaggedFields, total=False, closed=True):
    """``TopicData`` of VoteRequest (as in version 2)."""
    topic_name: str
    """The topic name. [string]"""
    partitions: list[VoteRequestPartitionDataV2]
    """The partition data. [array of PartitionData]"""


class VoteRequestV2(TaggedFields, total=False, closed=True):
    """VoteRequest version 2: the request body (message, API key 52)."""
    cluster_id: str | None
    """The cluster id. [string, nullable, default null]"""
    voter_id: int
    """The replica id of the voter receiving the request. [int32 (-2147483648 to 2147483647), default -1]"""
    topics: list[VoteRequestTopicDataV2]
    """The topic data. [array of TopicData]"""


class VoteResponsePartitionDataV0(TaggedFields, total=False, closed=True):
    """``PartitionData`` of VoteResponse (as in version 0)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The partition level error code. [int16 (-32768 to 32767)]"""
    leader_id: int
    """The ID of the current leader or -1 if the leader is unknown. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The latest known leader epoch. [int32 (-2147483648 to 2147483647)]"""
    vote_granted: bool
    """True if the vote was granted and false otherwise. [bool]"""


class VoteResponseTopicDataV0(TaggedFields, total=False, closed=True):
    """``TopicData`` of VoteResponse (as in version 0)."""
    topic_name: str
    """The topic name. [string]"""
    partitions: list[VoteResponsePartitionDataV0]
    """The results for each partition. [array of PartitionData]"""


class VoteResponseV0(TaggedFields, total=False, closed=True):
    """VoteResponse version 0: the response body (message, API key 52)."""
    error_code: int
    """The top level error code. [int16 (-32768 to 32767)]"""
    topics: list[VoteResponseTopicDataV0]
    """The results for each topic. [array of TopicData]"""


class VoteResponseNodeEndpointV1(TaggedFields, total=False, closed=True):
    """``NodeEndpoint`` of VoteResponse (as in version 1)."""
    node_id: int
    """The ID of the associated node. [int32 (-2147483648 to 2147483647)]"""
    host: str
    """The node's hostname. [string]"""
    port: int
    """The node's port. [uint16 (0 to 65535)]"""


class VoteResponseV1(TaggedFields, total=False, closed=True):
    """VoteResponse version 1: the response body (message, API key 52)."""
    error_code: int
    """The top level error code. [int16 (-32768 to 32767)]"""
    topics: list[VoteResponseTopicDataV0]
    """The results for each topic. [array of TopicData]"""
    node_endpoints: list[VoteResponseNodeEndpointV1]
    """Endpoints for all current-leaders enumerated in PartitionData. [array of NodeEndpoint, tagged field 0]"""

VoteResponseV2 = VoteResponseV1
"""VoteResponse version 2: the response body (message, API key 52)."""


class VotersRecordEndpointV0(TaggedFields, total=False, closed=True):
    """``Endpoint`` of VotersRecord (as in version 0)."""
    name: str
    """The name of the endpoint. [string]"""
    host: str
    """The hostname. [string]"""
    port: int
    """The port. [uint16 (0 to 65535)]"""


class VotersRecordKRaftVersionFeatureV0(TaggedFields, total=False, closed=True):
    """``KRaftVersionFeature`` of VotersRecord (as in version 0)."""
    min_supported_version: int
    """The minimum supported KRaft protocol version. [int16 (-32768 to 32767)]"""
    max_supported_version: int
    """The maximum supported KRaft protocol version. [int16 (-32768 to 32767)]"""


class VotersRecordVoterV0(TaggedFields, total=False, closed=True):
    """``Voter`` of VotersRecord (as in version 0)."""
    voter_id: int
    """The replica id of the voter in the topic partition. [int32 (-2147483648 to 2147483647)]"""
    voter_directory_id: UUID
    """The directory id of the voter in the topic partition. [uuid]"""
    endpoints: list[VotersRecordEndpointV0]
    """The endpoint that can be used to communicate with the voter. [array of Endpoint]"""
    kraft_version_feature: VotersRecordKRaftVersionFeatureV0
    """The range of versions of the protocol that the replica supports. [KRaftVersionFeature]"""


class VotersRecordV0(TaggedFields, total=False, closed=True):
    """VotersRecord version 0: the data format (message)."""
    version: int
    """The version of the voters record. [int16 (-32768 to 32767)]"""
    voters: list[VotersRecordVoterV0]
    """The set of voters in the quorum for this epoch. [array of Voter]"""


class WriteShareGroupStateRequestStateBatchV0(TaggedFields, total=False, closed=True):
    """``StateBatch`` of WriteShareGroupStateRequest (as in version 0)."""
    first_offset: int
    """The first offset of this state batch. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    last_offset: int
    """The last offset of this state batch. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    delivery_state: int
    """The delivery state - 0:Available,2:Acked,4:Archived. [int8 (-128 to 127)]"""
    delivery_count: int
    """The delivery count. [int16 (-32768 to 32767)]"""


class WriteShareGroupStateRequestPartitionDataV0(TaggedFields, total=False, closed=True):
    """``PartitionData`` of WriteShareGroupStateRequest (as in version 0)."""
    partition: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    state_epoch: int
    """The state epoch of the share-partition. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The leader epoch of the share-partition. [int32 (-2147483648 to 2147483647)]"""
    start_offset: int
    """The share-partition start offset, or -1 if the start offset is not being written. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    state_batches: list[WriteShareGroupStateRequestStateBatchV0]
    """The state batches for the share-partition. [array of StateBatch]"""


class WriteShareGroupStateRequestWriteStateDataV0(TaggedFields, total=False, closed=True):
    """``WriteStateData`` of WriteShareGroupStateRequest (as in version 0)."""
    topic_id: UUID
    """The topic identifier. [uuid]"""
    partitions: list[WriteShareGroupStateRequestPartitionDataV0]
    """The data for the partitions. [array of PartitionData]"""


class WriteShareGroupStateRequestV0(TaggedFields, total=False, closed=True):
    """WriteShareGroupStateRequest version 0: the request body (message, API key 85)."""
    group_id: str
    """The group identifier. [string]"""
    topics: list[WriteShareGroupStateRequestWriteStateDataV0]
    """The data for the topics. [array of WriteStateData]"""


class WriteShareGroupStateRequestPartitionDataV1(TaggedFields, total=False, closed=True):
    """``PartitionData`` of WriteShareGroupStateRequest (as in version 1)."""
    partition: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    state_epoch: int
    """The state epoch of the share-partition. [int32 (-2147483648 to 2147483647)]"""
    leader_epoch: int
    """The leader epoch of the share-partition. [int32 (-2147483648 to 2147483647)]"""
    start_offset: int
    """The share-partition start offset, or -1 if the start offset is not being written. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    delivery_complete_count: int
    """The number of offsets greater than or equal to share-partition start offset for which delivery has been completed. [int32 (-2147483648 to 2147483647), default -1]"""
    state_batches: list[WriteShareGroupStateRequestStateBatchV0]
    """The state batches for the share-partition. [array of StateBatch]"""


class WriteShareGroupStateRequestWriteStateDataV1(TaggedFields, total=False, closed=True):
    """``WriteStateData`` of WriteShareGroupStateRequest (as in version 1)."""
    topic_id: UUID
    """The topic identifier. [uuid]"""
    partitions: list[WriteShareGroupStateRequestPartitionDataV1]
    """The data for the partitions. [array of PartitionData]"""


class WriteShareGroupStateRequestV1(TaggedFields, total=False, closed=True):
    """WriteShareGroupStateRequest version 1: the request body (message, API key 85)."""
    group_id: str
    """The group identifier. [string]"""
    topics: list[WriteShareGroupStateRequestWriteStateDataV1]
    """The data for the topics. [array of WriteStateData]"""


class WriteShareGroupStateResponsePartitionResultV0(TaggedFields, total=False, closed=True):
    """``PartitionResult`` of WriteShareGroupStateResponse (as in version 0)."""
    partition: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""
    error_message: str | None
    """The error message, or null if there was no error. [string, nullable, default null]"""


class WriteShareGroupStateResponseWriteStateResultV0(TaggedFields, total=False, closed=True):
    """``WriteStateResult`` of WriteShareGroupStateResponse (as in version 0)."""
    topic_id: UUID
    """The topic identifier. [uuid]"""
    partitions: list[WriteShareGroupStateResponsePartitionResultV0]
    """The results for the partitions. [array of PartitionResult]"""


class WriteShareGroupStateResponseV0(TaggedFields, total=False, closed=True):
    """WriteShareGroupStateResponse version 0: the response body (message, API key 85)."""
    results: list[WriteShareGroupStateResponseWriteStateResultV0]
    """The write results. [array of WriteStateResult]"""

WriteShareGroupStateResponseV1 = WriteShareGroupStateResponseV0
"""WriteShareGroupStateResponse version 1: the response body (message, API key 85)."""


class WriteTxnMarkersRequestWritableTxnMarkerTopicV0(TypedDict, total=False, closed=True):
    """``WritableTxnMarkerTopic`` of WriteTxnMarkersRequest (as in version 0)."""
    name: str
    """The topic name. [string]"""
    partition_indexes: list[int]
    """The indexes of the partitions to write transaction markers for. [array of int32 (-2147483648 to 2147483647)]"""


class WriteTxnMarkersRequestWritableTxnMarkerV0(TypedDict, total=False, closed=True):
    """``WritableTxnMarker`` of WriteTxnMarkersRequest (as in version 0)."""
    producer_id: int
    """The current producer ID. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    producer_epoch: int
    """The current epoch associated with the producer ID. [int16 (-32768 to 32767)]"""
    transaction_result: bool
    """The result of the transaction to write to the partitions (false = ABORT, true = COMMIT). [bool]"""
    topics: list[WriteTxnMarkersRequestWritableTxnMarkerTopicV0]
    """Each topic that we want to write transaction marker(s) for. [array of WritableTxnMarkerTopic]"""
    coordinator_epoch: int
    """Epoch associated with the transaction state partition hosted by this transaction coordinator. [int32 (-2147483648 to 2147483647)]"""


class WriteTxnMarkersRequestV0(TypedDict, total=False, closed=True):
    """WriteTxnMarkersRequest version 0: the request body (message, API key 27)."""
    markers: list[WriteTxnMarkersRequestWritableTxnMarkerV0]
    """The transaction markers to be written. [array of WritableTxnMarker]"""


class WriteTxnMarkersRequestWritableTxnMarkerTopicV1(TaggedFields, total=False, closed=True):
    """``WritableTxnMarkerTopic`` of WriteTxnMarkersRequest (as in version 1)."""
    name: str
    """The topic name. [string]"""
    partition_indexes: list[int]
    """The indexes of the partitions to write transaction markers for. [array of int32 (-2147483648 to 2147483647)]"""


class WriteTxnMarkersRequestWritableTxnMarkerV1(TaggedFields, total=False, closed=True):
    """``WritableTxnMarker`` of WriteTxnMarkersRequest (as in version 1)."""
    producer_id: int
    """The current producer ID. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    producer_epoch: int
    """The current epoch associated with the producer ID. [int16 (-32768 to 32767)]"""
    transaction_result: bool
    """The result of the transaction to write to the partitions (false = ABORT, true = COMMIT). [bool]"""
    topics: list[WriteTxnMarkersRequestWritableTxnMarkerTopicV1]
    """Each topic that we want to write transaction marker(s) for. [array of WritableTxnMarkerTopic]"""
    coordinator_epoch: int
    """Epoch associated with the transaction state partition hosted by this transaction coordinator. [int32 (-2147483648 to 2147483647)]"""


class WriteTxnMarkersRequestV1(TaggedFields, total=False, closed=True):
    """WriteTxnMarkersRequest version 1: the request body (message, API key 27)."""
    markers: list[WriteTxnMarkersRequestWritableTxnMarkerV1]
    """The transaction markers to be written. [array of WritableTxnMarker]"""


class WriteTxnMarkersRequestWritableTxnMarkerV2(TaggedFields, total=False, closed=True):
    """``WritableTxnMarker`` of WriteTxnMarkersRequest (as in version 2)."""
    producer_id: int
    """The current producer ID. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    producer_epoch: int
    """The current epoch associated with the producer ID. [int16 (-32768 to 32767)]"""
    transaction_result: bool
    """The result of the transaction to write to the partitions (false = ABORT, true = COMMIT). [bool]"""
    topics: list[WriteTxnMarkersRequestWritableTxnMarkerTopicV1]
    """Each topic that we want to write transaction marker(s) for. [array of WritableTxnMarkerTopic]"""
    coordinator_epoch: int
    """Epoch associated with the transaction state partition hosted by this transaction coordinator. [int32 (-2147483648 to 2147483647)]"""
    transaction_version: int
    """Transaction version of the marker. Ex: 0/1 = legacy (TV0/TV1), 2 = TV2 etc. [int8 (-128 to 127), default 0]"""


class WriteTxnMarkersRequestV2(TaggedFields, total=False, closed=True):
    """WriteTxnMarkersRequest version 2: the request body (message, API key 27)."""
    markers: list[WriteTxnMarkersRequestWritableTxnMarkerV2]
    """The transaction markers to be written. [array of WritableTxnMarker]"""


class WriteTxnMarkersResponseWritableTxnMarkerPartitionResultV0(TypedDict, total=False, closed=True):
    """``WritableTxnMarkerPartitionResult`` of WriteTxnMarkersResponse (as in version 0)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""


class WriteTxnMarkersResponseWritableTxnMarkerTopicResultV0(TypedDict, total=False, closed=True):
    """``WritableTxnMarkerTopicResult`` of WriteTxnMarkersResponse (as in version 0)."""
    name: str
    """The topic name. [string]"""
    partitions: list[WriteTxnMarkersResponseWritableTxnMarkerPartitionResultV0]
    """The results by partition. [array of WritableTxnMarkerPartitionResult]"""


class WriteTxnMarkersResponseWritableTxnMarkerResultV0(TypedDict, total=False, closed=True):
    """``WritableTxnMarkerResult`` of WriteTxnMarkersResponse (as in version 0)."""
    producer_id: int
    """The current producer ID in use by the transactional ID. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    topics: list[WriteTxnMarkersResponseWritableTxnMarkerTopicResultV0]
    """The results by topic. [array of WritableTxnMarkerTopicResult]"""


class WriteTxnMarkersResponseV0(TypedDict, total=False, closed=True):
    """WriteTxnMarkersResponse version 0: the response body (message, API key 27)."""
    markers: list[WriteTxnMarkersResponseWritableTxnMarkerResultV0]
    """The results for writing makers. [array of WritableTxnMarkerResult]"""


class WriteTxnMarkersResponseWritableTxnMarkerPartitionResultV1(TaggedFields, total=False, closed=True):
    """``WritableTxnMarkerPartitionResult`` of WriteTxnMarkersResponse (as in version 1)."""
    partition_index: int
    """The partition index. [int32 (-2147483648 to 2147483647)]"""
    error_code: int
    """The error code, or 0 if there was no error. [int16 (-32768 to 32767)]"""


class WriteTxnMarkersResponseWritableTxnMarkerTopicResultV1(TaggedFields, total=False, closed=True):
    """``WritableTxnMarkerTopicResult`` of WriteTxnMarkersResponse (as in version 1)."""
    name: str
    """The topic name. [string]"""
    partitions: list[WriteTxnMarkersResponseWritableTxnMarkerPartitionResultV1]
    """The results by partition. [array of WritableTxnMarkerPartitionResult]"""


class WriteTxnMarkersResponseWritableTxnMarkerResultV1(TaggedFields, total=False, closed=True):
    """``WritableTxnMarkerResult`` of WriteTxnMarkersResponse (as in version 1)."""
    producer_id: int
    """The current producer ID in use by the transactional ID. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    topics: list[WriteTxnMarkersResponseWritableTxnMarkerTopicResultV1]
    """The results by topic. [array of WritableTxnMarkerTopicResult]"""


class WriteTxnMarkersResponseV1(TaggedFields, total=False, closed=True):
    """WriteTxnMarkersResponse version 1: the response body (message, API key 27)."""
    markers: list[WriteTxnMarkersResponseWritableTxnMarkerResultV1]
    """The results for writing makers. [array of WritableTxnMarkerResult]"""

WriteTxnMarkersResponseV2 = WriteTxnMarkersResponseV1
"""WriteTxnMarkersResponse version 2: the response body (message, API key 27)."""


class AbortTransactionRecordV0(TaggedFields, total=False, closed=True):
    """AbortTransactionRecord version 0: the metadata-log record (metadata, record type 25)."""
    reason: str | None
    """An optional textual description of why the transaction was aborted. [string, nullable, tagged field 0, default null]"""


class AccessControlEntryRecordV0(TaggedFields, total=False, closed=True):
    """AccessControlEntryRecord version 0: the metadata-log record (metadata, record type 18)."""
    id: UUID
    """The unique ID of this ACL. [uuid]"""
    resource_type: int
    """The resource type. [int8 (-128 to 127)]"""
    resource_name: str
    """The resource name. [string]"""
    pattern_type: int
    """The resource name pattern type. [int8 (-128 to 127)]"""
    principal: str
    """The principal name. [string]"""
    host: str
    """The host name. [string]"""
    operation: int
    """The AclOperation. [int8 (-128 to 127)]"""
    permission_type: int
    """The AclPermissionType. [int8 (-128 to 127)]"""


class BeginTransactionRecordV0(TaggedFields, total=False, closed=True):
    """BeginTransactionRecord version 0: the metadata-log record (metadata, record type 23)."""
    name: str | None
    """An optional textual description of this transaction. [string, nullable, tagged field 0, default null]"""


class BrokerRegistrationChangeRecordV0(TaggedFields, total=False, closed=True):
    """BrokerRegistrationChangeRecord version 0: the metadata-log record (metadata, record type 17)."""
    broker_id: int
    """The broker id. [int32 (-2147483648 to 2147483647)]"""
    broker_epoch: int
    """The broker epoch assigned by the controller. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    fenced: int
    """-1 if the broker has been unfenced, 0 if no change, 1 if the broker has been fenced. [int8 (-128 to 127), tagged field 0]"""


class BrokerRegistrationChangeRecordV1(TaggedFields, total=False, closed=True):
    """BrokerRegistrationChangeRecord version 1: the metadata-log record (metadata, record type 17)."""
    broker_id: int
    """The broker id. [int32 (-2147483648 to 2147483647)]"""
    broker_epoch: int
    """The broker epoch assigned by the controller. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    fenced: int
    """-1 if the broker has been unfenced, 0 if no change, 1 if the broker has been fenced. [int8 (-128 to 127), tagged field 0]"""
    in_controlled_shutdown: int
    """0 if no change, 1 if the broker is in controlled shutdown. [int8 (-128 to 127), tagged field 1]"""


class BrokerRegistrationChangeRecordV2(TaggedFields, total=False, closed=True):
    """BrokerRegistrationChangeRecord version 2: the metadata-log record (metadata, record type 17)."""
    broker_id: int
    """The broker id. [int32 (-2147483648 to 2147483647)]"""
    broker_epoch: int
    """The broker epoch assigned by the controller. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    fenced: int
    """-1 if the broker has been unfenced, 0 if no change, 1 if the broker has been fenced. [int8 (-128 to 127), tagged field 0]"""
    in_controlled_shutdown: int
    """0 if no change, 1 if the broker is in controlled shutdown. [int8 (-128 to 127), tagged field 1]"""
    log_dirs: list[UUID]
    """Log directories configured in this broker which are available. [array of uuid, tagged field 2]"""


class BrokerRegistrationChangeRecordV3(TaggedFields, total=False, closed=True):
    """BrokerRegistrationChangeRecord version 3: the metadata-log record (metadata, record type 17)."""
    broker_id: int
    """The broker id. [int32 (-2147483648 to 2147483647)]"""
    broker_epoch: int
    """The broker epoch assigned by the controller. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    fenced: int
    """-1 if the broker has been unfenced, 0 if no change, 1 if the broker has been fenced. [int8 (-128 to 127), tagged field 0]"""
    in_controlled_shutdown: int
    """0 if no change, 1 if the broker is in controlled shutdown. [int8 (-128 to 127), tagged field 1]"""
    log_dirs: list[UUID]
    """Log directories configured in this broker which are available. [array of uuid, tagged field 2]"""
    cordoned_log_dirs: list[UUID] | None
    """Log directories that are cordoned or null if no change. [array of uuid, nullable, tagged field 3, default null]"""


class ClearElrRecordV0(TaggedFields, total=False, closed=True):
    """ClearElrRecord version 0: the metadata-log record (metadata, record type 28)."""
    topic_name: str
    """The name of the topic to clear ELRs for, or empty if all ELRs should be cleared. [string]"""


class ClientQuotaRecordEntityDataV0(TaggedFields, total=False, closed=True):
    """``EntityData`` of ClientQuotaRecord (as in version 0)."""
    entity_type: str
    """The entity type. [string]"""
    entity_name: str | None
    """The name of the entity, or null if the default. [string, nullable]"""


class ClientQuotaRecordV0(TaggedFields, total=False, closed=True):
    """ClientQuotaRecord version 0: the metadata-log record (metadata, record type 14)."""
    entity: list[ClientQuotaRecordEntityDataV0]
    """The quota entity to alter. [array of EntityData]"""
    key: str
    """The quota configuration key. [string]"""
    value: float
    """The value to set, otherwise ignored if the value is to be removed. [float64]"""
    remove: bool
    """Whether the quota configuration value should be removed, otherwise set. [bool]"""


class ConfigRecordV0(TaggedFields, total=False, closed=True):
    """ConfigRecord version 0: the metadata-log record (metadata, record type 4)."""
    resource_type: int
    """The type of resource this configuration applies to. [int8 (-128 to 127)]"""
    resource_name: str
    """The name of the resource this configuration applies to. [string]"""
    name: str
    """The name of the configuration key. [string]"""
    value: str | None
    """The value of the configuration, or null if the it should be deleted. [string, nullable]"""


class DelegationTokenRecordV0(TaggedFields, total=False, closed=True):
    """DelegationTokenRecord version 0: the metadata-log record (metadata, record type 10)."""
    owner: str
    """The delegation token owner. [string]"""
    requester: str
    """The delegation token requester. [string]"""
    renewers: list[str]
    """The principals which can renew this token. [array of string]"""
    issue_timestamp: int
    """The time at which this timestamp was issued. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    max_timestamp: int
    """The time at which this token cannot be renewed any more. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    expiration_timestamp: int
    """The next time at which this token must be renewed. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    token_id: str
    """The token id. [string]"""


class EndTransactionRecordV0(TaggedFields, total=False, closed=True):
    """EndTransactionRecord version 0: the metadata-log record (metadata, record type 24)."""


class FeatureLevelRecordV0(TaggedFields, total=False, closed=True):
    """FeatureLevelRecord version 0: the metadata-log record (metadata, record type 12)."""
    name: str
    """The feature name. [string]"""
    feature_level: int
    """The current finalized feature level of this feature for the cluster, a value of 0 means feature not supported. [int16 (-32768 to 32767)]"""


class FenceBrokerRecordV0(TaggedFields, total=False, closed=True):
    """FenceBrokerRecord version 0: the metadata-log record (metadata, record type 7)."""
    id: int
    """The broker ID to fence. It will be removed from all ISRs. [int32 (-2147483648 to 2147483647)]"""
    epoch: int
    """The epoch of the broker to fence. [int64 (-9223372036854775808 to 9223372036854775807)]"""


class NoOpRecordV0(TaggedFields, total=False, closed=True):
    """NoOpRecord version 0: the metadata-log record (metadata, record type 20)."""


class PartitionChangeRecordV0(TaggedFields, total=False, closed=True):
    """PartitionChangeRecord version 0: the metadata-log record (metadata, record type 5)."""
    partition_id: int
    """The partition id. [int32 (-2147483648 to 2147483647), default -1]"""
    topic_id: UUID
    """The unique ID of this topic. [uuid]"""
    isr: list[int] | None
    """null if the ISR didn't change; the new in-sync replicas otherwise. [array of int32 (-2147483648 to 2147483647), nullable, tagged field 0, default null]"""
    leader: int
    """-1 if there is now no leader; -2 if the leader didn't change; the new leader otherwise. [int32 (-2147483648 to 2147483647), tagged field 1, default -2]"""
    replicas: list[int] | None
    """null if the replicas didn't change; the new replicas otherwise. [array of int32 (-2147483648 to 2147483647), nullable, tagged field 2, default null]"""
    removing_replicas: list[int] | None
    """null if the removing replicas didn't change; the new removing replicas otherwise. [array of int32 (-2147483648 to 2147483647), nullable, tagged field 3, default null]"""
    adding_replicas: list[int] | None
    """null if the adding replicas didn't change; the new adding replicas otherwise. [array of int32 (-2147483648 to 2147483647), nullable, tagged field 4, default null]"""
    leader_recovery_state: int
    """-1 if it didn't change; 0 if the leader was elected from the ISR or recovered from an unclean election; 1 if the leader that was elected using unclean leader election and it is still recovering. [int8 (-128 to 127), tagged field 5, default -1]"""


class PartitionChangeRecordV1(TaggedFields, total=False, closed=True):
    """PartitionChangeRecord version 1: the metadata-log record (metadata, record type 5)."""
    partition_id: int
    """The partition id. [int32 (-2147483648 to 2147483647), default -1]"""
    topic_id: UUID
    """The unique ID of this topic. [uuid]"""
    isr: list[int] | None
    """null if the ISR didn't change; the new in-sync replicas otherwise. [array of int32 (-2147483648 to 2147483647), nullable, tagged field 0, default null]"""
    leader: int
    """-1 if there is now no leader; -2 if the leader didn't change; the new leader otherwise. [int32 (-2147483648 to 2147483647), tagged field 1, default -2]"""
    replicas: list[int] | None
    """null if the replicas didn't change; the new replicas otherwise. [array of int32 (-2147483648 to 2147483647), nullable, tagged field 2, default null]"""
    removing_replicas: list[int] | None
    """null if the removing replicas didn't change; the new removing replicas otherwise. [array of int32 (-2147483648 to 2147483647), nullable, tagged field 3, default null]"""
    adding_replicas: list[int] | None
    """null if the adding replicas didn't change; the new adding replicas otherwise. [array of int32 (-2147483648 to 2147483647), nullable, tagged field 4, default null]"""
    leader_recovery_state: int
    """-1 if it didn't change; 0 if the leader was elected from the ISR or recovered from an unclean election; 1 if the leader that was elected using unclean leader election and it is still recovering. [int8 (-128 to 127), tagged field 5, default -1]"""
    directories: list[UUID] | None
    """null if the log dirs didn't change; the new log directory for each replica otherwise. [array of uuid, nullable, tagged field 8, default null]"""


class PartitionChangeRecordV2(TaggedFields, total=False, closed=True):
    """PartitionChangeRecord version 2: the metadata-log record (metadata, record type 5)."""
    partition_id: int
    """The partition id. [int32 (-2147483648 to 2147483647), default -1]"""
    topic_id: UUID
    """The unique ID of this topic. [uuid]"""
    isr: list[int] | None
    """null if the ISR didn't change; the new in-sync replicas otherwise. [array of int32 (-2147483648 to 2147483647), nullable, tagged field 0, default null]"""
    leader: int
    """-1 if there is now no leader; -2 if the leader didn't change; the new leader otherwise. [int32 (-2147483648 to 2147483647), tagged field 1, default -2]"""
    replicas: list[int] | None
    """null if the replicas didn't change; the new replicas otherwise. [array of int32 (-2147483648 to 2147483647), nullable, tagged field 2, default null]"""
    removing_replicas: list[int] | None
    """null if the removing replicas didn't change; the new removing replicas otherwise. [array of int32 (-2147483648 to 2147483647), nullable, tagged field 3, default null]"""
    adding_replicas: list[int] | None
    """null if the adding replicas didn't change; the new adding replicas otherwise. [array of int32 (-2147483648 to 2147483647), nullable, tagged field 4, default null]"""
    leader_recovery_state: int
    """-1 if it didn't change; 0 if the leader was elected from the ISR or recovered from an unclean election; 1 if the leader that was elected using unclean leader election and it is still recovering. [int8 (-128 to 127), tagged field 5, default -1]"""
    directories: list[UUID] | None
    """null if the log dirs didn't change; the new log directory for each replica otherwise. [array of uuid, nullable, tagged field 8, default null]"""
    eligible_leader_replicas: list[int] | None
    """null if the ELR didn't change; the new eligible leader replicas otherwise. [array of int32 (-2147483648 to 2147483647), nullable, tagged field 6, default null]"""
    last_known_elr: list[int] | None
    """null if the LastKnownElr didn't change; the last known eligible leader replicas otherwise. [array of int32 (-2147483648 to 2147483647), nullable, tagged field 7, default null]"""


class PartitionRecordV0(TaggedFields, total=False, closed=True):
    """PartitionRecord version 0: the metadata-log record (metadata, record type 3)."""
    partition_id: int
    """The partition id. [int32 (-2147483648 to 2147483647), default -1]"""
    topic_id: UUID
    """The unique ID of this topic. [uuid]"""
    replicas: list[int]
    """The replicas of this partition, sorted by preferred order. [array of int32 (-2147483648 to 2147483647)]"""
    isr: list[int]
    """The in-sync replicas of this partition [array of int32 (-2147483648 to 2147483647)]"""
    removing_replicas: list[int]
    """The replicas that we are in the process of removing. [array of int32 (-2147483648 to 2147483647)]"""
    adding_replicas: list[int]
    """The replicas that we are in the process of adding. [array of int32 (-2147483648 to 2147483647)]"""
    leader: int
    """The lead replica, or -1 if there is no leader. [int32 (-2147483648 to 2147483647), default -1]"""
    leader_recovery_state: int
    """1 if the partition is recovering from an unclean leader election; 0 otherwise. [int8 (-128 to 127), tagged field 0, default 0]"""
    leader_epoch: int
    """The epoch of the partition leader. [int32 (-2147483648 to 2147483647), default -1]"""
    partition_epoch: int
    """An epoch that gets incremented each time we change anything in the partition. [int32 (-2147483648 to 2147483647), default -1]"""


class PartitionRecordV1(TaggedFields, total=False, closed=True):
    """PartitionRecord version 1: the metadata-log record (metadata, record type 3)."""
    partition_id: int
    """The partition id. [int32 (-2147483648 to 2147483647), default -1]"""
    topic_id: UUID
    """The unique ID of this topic. [uuid]"""
    replicas: list[int]
    """The replicas of this partition, sorted by preferred order. [array of int32 (-2147483648 to 2147483647)]"""
    isr: list[int]
    """The in-sync replicas of this partition [array of int32 (-2147483648 to 2147483647)]"""
    removing_replicas: list[int]
    """The replicas that we are in the process of removing. [array of int32 (-2147483648 to 2147483647)]"""
    adding_replicas: list[int]
    """The replicas that we are in the process of adding. [array of int32 (-2147483648 to 2147483647)]"""
    leader: int
    """The lead replica, or -1 if there is no leader. [int32 (-2147483648 to 2147483647), default -1]"""
    leader_recovery_state: int
    """1 if the partition is recovering from an unclean leader election; 0 otherwise. [int8 (-128 to 127), tagged field 0, default 0]"""
    leader_epoch: int
    """The epoch of the partition leader. [int32 (-2147483648 to 2147483647), default -1]"""
    partition_epoch: int
    """An epoch that gets incremented each time we change anything in the partition. [int32 (-2147483648 to 2147483647), default -1]"""
    directories: list[UUID]
    """The log directory hosting each replica, sorted in the same exact order as the Replicas field. [array of uuid]"""


class PartitionRecordV2(TaggedFields, total=False, closed=True):
    """PartitionRecord version 2: the metadata-log record (metadata, record type 3)."""
    partition_id: int
    """The partition id. [int32 (-2147483648 to 2147483647), default -1]"""
    topic_id: UUID
    """The unique ID of this topic. [uuid]"""
    replicas: list[int]
    """The replicas of this partition, sorted by preferred order. [array of int32 (-2147483648 to 2147483647)]"""
    isr: list[int]
    """The in-sync replicas of this partition [array of int32 (-2147483648 to 2147483647)]"""
    removing_replicas: list[int]
    """The replicas that we are in the process of removing. [array of int32 (-2147483648 to 2147483647)]"""
    adding_replicas: list[int]
    """The replicas that we are in the process of adding. [array of int32 (-2147483648 to 2147483647)]"""
    leader: int
    """The lead replica, or -1 if there is no leader. [int32 (-2147483648 to 2147483647), default -1]"""
    leader_recovery_state: int
    """1 if the partition is recovering from an unclean leader election; 0 otherwise. [int8 (-128 to 127), tagged field 0, default 0]"""
    leader_epoch: int
    """The epoch of the partition leader. [int32 (-2147483648 to 2147483647), default -1]"""
    partition_epoch: int
    """An epoch that gets incremented each time we change anything in the partition. [int32 (-2147483648 to 2147483647), default -1]"""
    directories: list[UUID]
    """The log directory hosting each replica, sorted in the same exact order as the Replicas field. [array of uuid]"""
    eligible_leader_replicas: list[int] | None
    """The eligible leader replicas of this partition. [array of int32 (-2147483648 to 2147483647), nullable, tagged field 1, default null]"""
    last_known_elr: list[int] | None
    """The last known eligible leader replicas of this partition. [array of int32 (-2147483648 to 2147483647), nullable, tagged field 2, default null]"""


class ProducerIdsRecordV0(TaggedFields, total=False, closed=True):
    """ProducerIdsRecord version 0: the metadata-log record (metadata, record type 15)."""
    broker_id: int
    """The ID of the requesting broker [int32 (-2147483648 to 2147483647)]"""
    broker_epoch: int
    """The epoch of the requesting broker [int64 (-9223372036854775808 to 9223372036854775807), default -1]"""
    next_producer_id: int
    """The next producerId that will be assigned (i.e. the first producerId in the next assigned block) [int64 (-9223372036854775808 to 9223372036854775807)]"""


class RegisterBrokerRecordBrokerEndpointV0(TaggedFields, total=False, closed=True):
    """``BrokerEndpoint`` of RegisterBrokerRecord (as in version 0)."""
    name: str
    """The name of the endpoint. [string]"""
    host: str
    """The hostname. [string]"""
    port: int
    """The port. [uint16 (0 to 65535)]"""
    security_protocol: int
    """The security protocol. [int16 (-32768 to 32767)]"""


class RegisterBrokerRecordBrokerFeatureV0(TaggedFields, total=False, closed=True):
    """``BrokerFeature`` of RegisterBrokerRecord (as in version 0)."""
    name: str
    """The feature name. [string]"""
    min_supported_version: int
    """The minimum supported feature level. [int16 (-32768 to 32767)]"""
    max_supported_version: int
    """The maximum supported feature level. [int16 (-32768 to 32767)]"""


class RegisterBrokerRecordV0(TaggedFields, total=False, closed=True):
    """RegisterBrokerRecord version 0: the metadata-log record (metadata, record type 0)."""
    broker_id: int
    """The broker id. [int32 (-2147483648 to 2147483647)]"""
    incarnation_id: UUID
    """The incarnation ID of the broker process [uuid]"""
    broker_epoch: int
    """The broker epoch assigned by the controller. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    end_points: list[RegisterBrokerRecordBrokerEndpointV0]
    """The endpoints that can be used to communicate with this broker. [array of BrokerEndpoint]"""
    features: list[RegisterBrokerRecordBrokerFeatureV0]
    """The features on this broker [array of BrokerFeature]"""
    rack: str | None
    """The broker rack. [string, nullable]"""
    fenced: bool
    """True if the broker is fenced. [bool, default true]"""


class RegisterBrokerRecordV1(TaggedFields, total=False, closed=True):
    """RegisterBrokerRecord version 1: the metadata-log record (metadata, record type 0)."""
    broker_id: int
    """The broker id. [int32 (-2147483648 to 2147483647)]"""
    incarnation_id: UUID
    """The incarnation ID of the broker process [uuid]"""
    broker_epoch: int
    """The broker epoch assigned by the controller. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    end_points: list[RegisterBrokerRecordBrokerEndpointV0]
    """The endpoints that can be used to communicate with this broker. [array of BrokerEndpoint]"""
    features: list[RegisterBrokerRecordBrokerFeatureV0]
    """The features on this broker [array of BrokerFeature]"""
    rack: str | None
    """The broker rack. [string, nullable]"""
    fenced: bool
    """True if the broker is fenced. [bool, default true]"""
    in_controlled_shutdown: bool
    """True if the broker is in controlled shutdown. [bool, default false]"""


class RegisterBrokerRecordV2(TaggedFields, total=False, closed=True):
    """RegisterBrokerRecord version 2: the metadata-log record (metadata, record type 0)."""
    broker_id: int
    """The broker id. [int32 (-2147483648 to 2147483647)]"""
    is_migrating_zk_broker: bool
    """True if the broker is a ZK broker in migration mode. Otherwise, false [bool, default false]"""
    incarnation_id: UUID
    """The incarnation ID of the broker process [uuid]"""
    broker_epoch: int
    """The broker epoch assigned by the controller. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    end_points: list[RegisterBrokerRecordBrokerEndpointV0]
    """The endpoints that can be used to communicate with this broker. [array of BrokerEndpoint]"""
    features: list[RegisterBrokerRecordBrokerFeatureV0]
    """The features on this broker [array of BrokerFeature]"""
    rack: str | None
    """The broker rack. [string, nullable]"""
    fenced: bool
    """True if the broker is fenced. [bool, default true]"""
    in_controlled_shutdown: bool
    """True if the broker is in controlled shutdown. [bool, default false]"""


class RegisterBrokerRecordV3(TaggedFields, total=False, closed=True):
    """RegisterBrokerRecord version 3: the metadata-log record (metadata, record type 0)."""
    broker_id: int
    """The broker id. [int32 (-2147483648 to 2147483647)]"""
    is_migrating_zk_broker: bool
    """True if the broker is a ZK broker in migration mode. Otherwise, false [bool, default false]"""
    incarnation_id: UUID
    """The incarnation ID of the broker process [uuid]"""
    broker_epoch: int
    """The broker epoch assigned by the controller. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    end_points: list[RegisterBrokerRecordBrokerEndpointV0]
    """The endpoints that can be used to communicate with this broker. [array of BrokerEndpoint]"""
    features: list[RegisterBrokerRecordBrokerFeatureV0]
    """The features on this broker [array of BrokerFeature]"""
    rack: str | None
    """The broker rack. [string, nullable]"""
    fenced: bool
    """True if the broker is fenced. [bool, default true]"""
    in_controlled_shutdown: bool
    """True if the broker is in controlled shutdown. [bool, default false]"""
    log_dirs: list[UUID]
    """Log directories configured in this broker which are available. [array of uuid, tagged field 0]"""


class RegisterBrokerRecordV4(TaggedFields, total=False, closed=True):
    """RegisterBrokerRecord version 4: the metadata-log record (metadata, record type 0)."""
    broker_id: int
    """The broker id. [int32 (-2147483648 to 2147483647)]"""
    is_migrating_zk_broker: bool
    """True if the broker is a ZK broker in migration mode. Otherwise, false [bool, default false]"""
    incarnation_id: UUID
    """The incarnation ID of the broker process [uuid]"""
    broker_epoch: int
    """The broker epoch assigned by the controller. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    end_points: list[RegisterBrokerRecordBrokerEndpointV0]
    """The endpoints that can be used to communicate with this broker. [array of BrokerEndpoint]"""
    features: list[RegisterBrokerRecordBrokerFeatureV0]
    """The features on this broker [array of BrokerFeature]"""
    rack: str | None
    """The broker rack. [string, nullable]"""
    fenced: bool
    """True if the broker is fenced. [bool, default true]"""
    in_controlled_shutdown: bool
    """True if the broker is in controlled shutdown. [bool, default false]"""
    log_dirs: list[UUID]
    """Log directories configured in this broker which are available. [array of uuid, tagged field 0]"""
    cordoned_log_dirs: list[UUID] | None
    """Log directories that are cordoned. This is initially null before the broker starts sending the value via its heartbeats. [array of uuid, nullable, tagged field 1, default null]"""


class RegisterControllerRecordControllerEndpointV0(TaggedFields, total=False, closed=True):
    """``ControllerEndpoint`` of RegisterControllerRecord (as in version 0)."""
    name: str
    """The name of the endpoint. [string]"""
    host: str
    """The hostname. [string]"""
    port: int
    """The port. [uint16 (0 to 65535)]"""
    security_protocol: int
    """The security protocol. [int16 (-32768 to 32767)]"""


class RegisterControllerRecordControllerFeatureV0(TaggedFields, total=False, closed=True):
    """``ControllerFeature`` of RegisterControllerRecord (as in version 0)."""
    name: str
    """The feature name. [string]"""
    min_supported_version: int
    """The minimum supported feature level. [int16 (-32768 to 32767)]"""
    max_supported_version: int
    """The maximum supported feature level. [int16 (-32768 to 32767)]"""


class RegisterControllerRecordV0(TaggedFields, total=False, closed=True):
    """RegisterControllerRecord version 0: the metadata-log record (metadata, record type 27)."""
    controller_id: int
    """The controller id. [int32 (-2147483648 to 2147483647)]"""
    incarnation_id: UUID
    """The incarnation ID of the controller process [uuid]"""
    zk_migration_ready: bool
    """Set if the required configurations for ZK migration are present. [bool]"""
    end_points: list[RegisterControllerRecordControllerEndpointV0]
    """The endpoints that can be used to communicate with this controller. [array of ControllerEndpoint]"""
    features: list[RegisterControllerRecordControllerFeatureV0]
    """The features on this controller [array of ControllerFeature]"""


class RemoveAccessControlEntryRecordV0(TaggedFields, total=False, closed=True):
    """RemoveAccessControlEntryRecord version 0: the metadata-log record (metadata, record type 19)."""
    id: UUID
    """The ID of the AccessControlEntry to remove. [uuid]"""


class RemoveDelegationTokenRecordV0(TaggedFields, total=False, closed=True):
    """RemoveDelegationTokenRecord version 0: the metadata-log record (metadata, record type 26)."""
    token_id: str
    """The tokenID to remove. [string]"""


class RemoveTopicRecordV0(TaggedFields, total=False, closed=True):
    """RemoveTopicRecord version 0: the metadata-log record (metadata, record type 9)."""
    topic_id: UUID
    """The topic to remove. All associated partitions will be removed as well. [uuid]"""


class RemoveUserScramCredentialRecordV0(TaggedFields, total=False, closed=True):
    """RemoveUserScramCredentialRecord version 0: the metadata-log record (metadata, record type 22)."""
    name: str
    """The user name. [string]"""
    mechanism: int
    """The SCRAM mechanism. [int8 (-128 to 127)]"""


class TopicRecordV0(TaggedFields, total=False, closed=True):
    """TopicRecord version 0: the metadata-log record (metadata, record type 2)."""
    name: str
    """The topic name. [string]"""
    topic_id: UUID
    """The unique ID of this topic. [uuid]"""


class UnfenceBrokerRecordV0(TaggedFields, total=False, closed=True):
    """UnfenceBrokerRecord version 0: the metadata-log record (metadata, record type 8)."""
    id: int
    """The broker ID to unfence. [int32 (-2147483648 to 2147483647)]"""
    epoch: int
    """The epoch of the broker to unfence. [int64 (-9223372036854775808 to 9223372036854775807)]"""


class UnregisterBrokerRecordV0(TaggedFields, total=False, closed=True):
    """UnregisterBrokerRecord version 0: the metadata-log record (metadata, record type 1)."""
    broker_id: int
    """The broker id. [int32 (-2147483648 to 2147483647)]"""
    broker_epoch: int
    """The broker epoch. [int64 (-9223372036854775808 to 9223372036854775807)]"""


class UnregisterControllerRecordV0(TaggedFields, total=False, closed=True):
    """UnregisterControllerRecord version 0: the metadata-log record (metadata, record type 29)."""
    controller_id: int
    """The controller id. [int32 (-2147483648 to 2147483647)]"""


class UserScramCredentialRecordV0(TaggedFields, total=False, closed=True):
    """UserScramCredentialRecord version 0: the metadata-log record (metadata, record type 11)."""
    name: str
    """The user name. [string]"""
    mechanism: int
    """The SCRAM mechanism. [int8 (-128 to 127)]"""
    salt: bytes
    """A random salt generated by the client. [bytes]"""
    stored_key: bytes
    """The key the Server uses to authenticate the Client. [bytes]"""
    server_key: bytes
    """The key the Client uses to validate the Servers identity. [bytes]"""
    iterations: int
    """The number of iterations used in the SCRAM credential. [int32 (-2147483648 to 2147483647)]"""


class ZkMigrationStateRecordV0(TaggedFields, total=False, closed=True):
    """ZkMigrationStateRecord version 0: the metadata-log record (metadata, record type 21)."""
    zk_migration_state: int
    """One of the possible migration states. [int8 (-128 to 127)]"""


class QuorumStateDataVoterV0(TaggedFields, total=False, closed=True):
    """``Voter`` of QuorumStateData (as in version 0)."""
    voter_id: int
    """The voter id. [int32 (-2147483648 to 2147483647)]"""


class QuorumStateDataV0(TaggedFields, total=False, closed=True):
    """QuorumStateData version 0: the data format (raft)."""
    cluster_id: str
    """The cluster id. [string]"""
    leader_id: int
    """The leader id. [int32 (-2147483648 to 2147483647), default -1]"""
    leader_epoch: int
    """The leader epoch. [int32 (-2147483648 to 2147483647), default -1]"""
    voted_id: int
    """The voted id. [int32 (-2147483648 to 2147483647), default -1]"""
    applied_offset: int
    """The applied offset. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    current_voters: list[QuorumStateDataVoterV0] | None
    """The current voters. [array of Voter, nullable]"""


class QuorumStateDataV1(TaggedFields, total=False, closed=True):
    """QuorumStateData version 1: the data format (raft)."""
    leader_id: int
    """The leader id. [int32 (-2147483648 to 2147483647), default -1]"""
    leader_epoch: int
    """The leader epoch. [int32 (-2147483648 to 2147483647), default -1]"""
    voted_id: int
    """The voted id. [int32 (-2147483648 to 2147483647), default -1]"""
    voted_directory_id: UUID
    """The voted directory id. [uuid]"""


class ProducerSnapshotProducerEntryV1(TypedDict, total=False, closed=True):
    """``ProducerEntry`` of ProducerSnapshot (as in version 1)."""
    producer_id: int
    """The producer ID [int64 (-9223372036854775808 to 9223372036854775807)]"""
    epoch: int
    """Current epoch of the producer [int16 (-32768 to 32767)]"""
    last_sequence: int
    """Last written sequence of the producer [int32 (-2147483648 to 2147483647)]"""
    last_offset: int
    """Last written offset of the producer [int64 (-9223372036854775808 to 9223372036854775807)]"""
    offset_delta: int
    """The difference of the last sequence and first sequence in the last written batch [int32 (-2147483648 to 2147483647)]"""
    timestamp: int
    """Max timestamp from the last written entry [int64 (-9223372036854775808 to 9223372036854775807)]"""
    coordinator_epoch: int
    """The epoch of the last transaction coordinator to send an end transaction marker [int32 (-2147483648 to 2147483647)]"""
    current_txn_first_offset: int
    """The first offset of the on-going transaction (-1 if there is none) [int64 (-9223372036854775808 to 9223372036854775807)]"""


class ProducerSnapshotV1(TypedDict, total=False, closed=True):
    """ProducerSnapshot version 1: the data format (storage)."""
    crc: int
    """CRC of the snapshot data [uint32 (0 to 4294967295)]"""
    producer_entries: list[ProducerSnapshotProducerEntryV1]
    """The entries in the producer table [array of ProducerEntry]"""


class RemoteLogSegmentMetadataRecordTopicIdPartitionEntryV0(TaggedFields, total=False, closed=True):
    """``TopicIdPartitionEntry`` of RemoteLogSegmentMetadataRecord (as in version 0)."""
    name: str
    """Topic name. [string]"""
    id: UUID
    """Unique identifier of the topic. [uuid]"""
    partition: int
    """Partition number. [int32 (-2147483648 to 2147483647)]"""


class RemoteLogSegmentMetadataRecordRemoteLogSegmentIdEntryV0(TaggedFields, total=False, closed=True):
    """``RemoteLogSegmentIdEntry`` of RemoteLogSegmentMetadataRecord (as in version 0)."""
    topic_id_partition: RemoteLogSegmentMetadataRecordTopicIdPartitionEntryV0
    """Represents unique topic partition. [TopicIdPartitionEntry]"""
    id: UUID
    """Unique identifier of the remote log segment. [uuid]"""


class RemoteLogSegmentMetadataRecordSegmentLeaderEpochEntryV0(TaggedFields, total=False, closed=True):
    """``SegmentLeaderEpochEntry`` of RemoteLogSegmentMetadataRecord (as in version 0)."""
    leader_epoch: int
    """Leader epoch [int32 (-2147483648 to 2147483647)]"""
    offset: int
    """Start offset for the leader epoch. [int64 (-9223372036854775808 to 9223372036854775807)]"""


class RemoteLogSegmentMetadataRecordV0(TaggedFields, total=False, closed=True):
    """RemoteLogSegmentMetadataRecord version 0: the metadata-log record (storage, record type 0)."""
    remote_log_segment_id: RemoteLogSegmentMetadataRecordRemoteLogSegmentIdEntryV0
    """Unique representation of the remote log segment. [RemoteLogSegmentIdEntry]"""
    start_offset: int
    """Start offset of the segment. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    end_offset: int
    """End offset of the segment. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    broker_id: int
    """Broker id from which this event is generated. [int32 (-2147483648 to 2147483647)]"""
    max_timestamp_ms: int
    """Maximum timestamp in milliseconds with in this segment. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    event_timestamp_ms: int
    """Epoch time in milliseconds at which this event is generated. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    segment_leader_epochs: list[RemoteLogSegmentMetadataRecordSegmentLeaderEpochEntryV0]
    """Leader epoch to start-offset mappings for the records with in this segment. [array of SegmentLeaderEpochEntry]"""
    segment_size_in_bytes: int
    """Segment size in bytes. [int32 (-2147483648 to 2147483647)]"""
    custom_metadata: bytes | None
    """Custom metadata. [bytes, nullable, default null]"""
    remote_log_segment_state: int
    """State identifier of the remote log segment, which is RemoteLogSegmentState.id(). [int8 (-128 to 127)]"""
    txn_index_empty: bool
    """Flag to indicate if the transaction index is empty. [bool, tagged field 0]"""


class RemoteLogSegmentMetadataSnapshotRecordSegmentLeaderEpochEntryV0(TaggedFields, total=False, closed=True):
    """``SegmentLeaderEpochEntry`` of RemoteLogSegmentMetadataSnapshotRecord (as in version 0)."""
    leader_epoch: int
    """Leader epoch [int32 (-2147483648 to 2147483647)]"""
    offset: int
    """Start offset for the leader epoch [int64 (-9223372036854775808 to 9223372036854775807)]"""


class RemoteLogSegmentMetadataSnapshotRecordV0(TaggedFields, total=False, closed=True):
    """RemoteLogSegmentMetadataSnapshotRecord version 0: the metadata-log record (storage, record type 3)."""
    segment_id: UUID
    """Unique identifier of the log segment [uuid]"""
    start_offset: int
    """Start offset of the segment. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    end_offset: int
    """End offset of the segment. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    broker_id: int
    """Broker (controller or leader) id from which this event is created or updated. [int32 (-2147483648 to 2147483647)]"""
    max_timestamp_ms: int
    """Maximum timestamp with in this segment. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    event_timestamp_ms: int
    """Event timestamp of this segment. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    segment_leader_epochs: list[RemoteLogSegmentMetadataSnapshotRecordSegmentLeaderEpochEntryV0]
    """Leader epochs of this segment. [array of SegmentLeaderEpochEntry]"""
    segment_size_in_bytes: int
    """Segment size in bytes [int32 (-2147483648 to 2147483647)]"""
    custom_metadata: bytes | None
    """Custom metadata. [bytes, nullable, default null]"""
    remote_log_segment_state: int
    """State of the remote log segment [int8 (-128 to 127)]"""
    txn_index_empty: bool
    """Flag to indicate if the transaction index is empty. [bool, tagged field 0]"""


class RemoteLogSegmentMetadataUpdateRecordTopicIdPartitionEntryV0(TaggedFields, total=False, closed=True):
    """``TopicIdPartitionEntry`` of RemoteLogSegmentMetadataUpdateRecord (as in version 0)."""
    name: str
    """Topic name. [string]"""
    id: UUID
    """Unique identifier of the topic. [uuid]"""
    partition: int
    """Partition number. [int32 (-2147483648 to 2147483647)]"""


class RemoteLogSegmentMetadataUpdateRecordRemoteLogSegmentIdEntryV0(TaggedFields, total=False, closed=True):
    """``RemoteLogSegmentIdEntry`` of RemoteLogSegmentMetadataUpdateRecord (as in version 0)."""
    topic_id_partition: RemoteLogSegmentMetadataUpdateRecordTopicIdPartitionEntryV0
    """Represents unique topic partition. [TopicIdPartitionEntry]"""
    id: UUID
    """Unique identifier of the remote log segment. [uuid]"""


class RemoteLogSegmentMetadataUpdateRecordV0(TaggedFields, total=False, closed=True):
    """RemoteLogSegmentMetadataUpdateRecord version 0: the metadata-log record (storage, record type 1)."""
    remote_log_segment_id: RemoteLogSegmentMetadataUpdateRecordRemoteLogSegmentIdEntryV0
    """Unique representation of the remote log segment. [RemoteLogSegmentIdEntry]"""
    broker_id: int
    """Broker id from which this event is generated. [int32 (-2147483648 to 2147483647)]"""
    event_timestamp_ms: int
    """Epoch time in milliseconds at which this event is generated. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    custom_metadata: bytes | None
    """Custom metadata. [bytes, nullable, default null]"""
    remote_log_segment_state: int
    """State identifier of the remote log segment, which is RemoteLogSegmentState.id(). [int8 (-128 to 127)]"""


class RemotePartitionDeleteMetadataRecordTopicIdPartitionEntryV0(TaggedFields, total=False, closed=True):
    """``TopicIdPartitionEntry`` of RemotePartitionDeleteMetadataRecord (as in version 0)."""
    name: str
    """Topic name. [string]"""
    id: UUID
    """Unique identifier of the topic. [uuid]"""
    partition: int
    """Partition number. [int32 (-2147483648 to 2147483647)]"""


class RemotePartitionDeleteMetadataRecordV0(TaggedFields, total=False, closed=True):
    """RemotePartitionDeleteMetadataRecord version 0: the metadata-log record (storage, record type 2)."""
    topic_id_partition: RemotePartitionDeleteMetadataRecordTopicIdPartitionEntryV0
    """Represents unique topic partition. [TopicIdPartitionEntry]"""
    broker_id: int
    """Broker (controller or leader) id from which this event is created. DELETE_PARTITION_MARKED is sent by the controller. DELETE_PARTITION_STARTED and DELETE_PARTITION_FINISHED are sent by remote log metadata topic partition leader. [int32 (-2147483648 to 2147483647)]"""
    event_timestamp_ms: int
    """Epoch time in milliseconds at which this event is generated. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    remote_partition_delete_state: int
    """Deletion state identifier of the remote partition, which is RemotePartitionDeleteState.id(). [int8 (-128 to 127)]"""


class SubscriptionInfoDataTaskIdV1(TypedDict, total=False, closed=True):
    """``TaskId`` of SubscriptionInfoData (as in version 1)."""
    topic_group_id: int
    """The topic group id of the task. [int32 (-2147483648 to 2147483647)]"""
    partition: int
    """The partition of the task. [int32 (-2147483648 to 2147483647)]"""


class SubscriptionInfoDataV1(TypedDict, total=False, closed=True):
    """SubscriptionInfoData version 1: the data format (streams)."""
    version: int
    """The version of the subscription info data. [int32 (-2147483648 to 2147483647)]"""
    process_id: UUID
    """The process id of the client that sent the request. [uuid]"""
    prev_tasks: list[SubscriptionInfoDataTaskIdV1]
    """The previous tasks that were assigned to the client. [array of TaskId]"""
    standby_tasks: list[SubscriptionInfoDataTaskIdV1]
    """The standby tasks that were assigned to the client. [array of TaskId]"""


class SubscriptionInfoDataV2(TypedDict, total=False, closed=True):
    """SubscriptionInfoData version 2: the data format (streams)."""
    version: int
    """The version of the subscription info data. [int32 (-2147483648 to 2147483647)]"""
    process_id: UUID
    """The process id of the client that sent the request. [uuid]"""
    prev_tasks: list[SubscriptionInfoDataTaskIdV1]
    """The previous tasks that were assigned to the client. [array of TaskId]"""
    standby_tasks: list[SubscriptionInfoDataTaskIdV1]
    """The standby tasks that were assigned to the client. [array of TaskId]"""
    user_end_point: bytes
    """The user end point of the client that sent the request. [bytes]"""


class SubscriptionInfoDataV3(TypedDict, total=False, closed=True):
    """SubscriptionInfoData version 3: the data format (streams)."""
    version: int
    """The version of the subscription info data. [int32 (-2147483648 to 2147483647)]"""
    latest_supported_version: int
    """The latest supported version of the subscription info data. [int32 (-2147483648 to 2147483647), default -1]"""
    process_id: UUID
    """The process id of the client that sent the request. [uuid]"""
    prev_tasks: list[SubscriptionInfoDataTaskIdV1]
    """The previous tasks that were assigned to the client. [array of TaskId]"""
    standby_tasks: list[SubscriptionInfoDataTaskIdV1]
    """The standby tasks that were assigned to the client. [array of TaskId]"""
    user_end_point: bytes
    """The user end point of the client that sent the request. [bytes]"""

SubscriptionInfoDataV4 = SubscriptionInfoDataV3
"""SubscriptionInfoData version 4: the data format (streams)."""

SubscriptionInfoDataV5 = SubscriptionInfoDataV3
"""SubscriptionInfoData version 5: the data format (streams)."""

SubscriptionInfoDataV6 = SubscriptionInfoDataV3
"""SubscriptionInfoData version 6: the data format (streams)."""


class SubscriptionInfoDataPartitionToOffsetSumV7(TypedDict, total=False, closed=True):
    """``PartitionToOffsetSum`` of SubscriptionInfoData (as in version 7)."""
    partition: int
    """The partition of the task. [int32 (-2147483648 to 2147483647)]"""
    offset_sum: int
    """The offset sum of the task. [int64 (-9223372036854775808 to 9223372036854775807)]"""


class SubscriptionInfoDataTaskOffsetSumV7(TypedDict, total=False, closed=True):
    """``TaskOffsetSum`` of SubscriptionInfoData (as in version 7)."""
    topic_group_id: int
    """The topic group id of the task. [int32 (-2147483648 to 2147483647)]"""
    partition_to_offset_sum: list[SubscriptionInfoDataPartitionToOffsetSumV7]
    """The partition to offset sum of the task. [array of PartitionToOffsetSum]"""


class SubscriptionInfoDataV7(TypedDict, total=False, closed=True):
    """SubscriptionInfoData version 7: the data format (streams)."""
    version: int
    """The version of the subscription info data. [int32 (-2147483648 to 2147483647)]"""
    latest_supported_version: int
    """The latest supported version of the subscription info data. [int32 (-2147483648 to 2147483647), default -1]"""
    process_id: UUID
    """The process id of the client that sent the request. [uuid]"""
    user_end_point: bytes
    """The user end point of the client that sent the request. [bytes]"""
    task_offset_sums: list[SubscriptionInfoDataTaskOffsetSumV7]
    """The task offset sums that were assigned to the client. [array of TaskOffsetSum]"""


class SubscriptionInfoDataV8(TypedDict, total=False, closed=True):
    """SubscriptionInfoData version 8: the data format (streams)."""
    version: int
    """The version of the subscription info data. [int32 (-2147483648 to 2147483647)]"""
    latest_supported_version: int
    """The latest supported version of the subscription info data. [int32 (-2147483648 to 2147483647), default -1]"""
    process_id: UUID
    """The process id of the client that sent the request. [uuid]"""
    user_end_point: bytes
    """The user end point of the client that sent the request. [bytes]"""
    task_offset_sums: list[SubscriptionInfoDataTaskOffsetSumV7]
    """The task offset sums that were assigned to the client. [array of TaskOffsetSum]"""
    unique_field: int
    """A unique field that is used to identify the client that sent the request. [int8 (-128 to 127)]"""


class SubscriptionInfoDataV9(TypedDict, total=False, closed=True):
    """SubscriptionInfoData version 9: the data format (streams)."""
    version: int
    """The version of the subscription info data. [int32 (-2147483648 to 2147483647)]"""
    latest_supported_version: int
    """The latest supported version of the subscription info data. [int32 (-2147483648 to 2147483647), default -1]"""
    process_id: UUID
    """The process id of the client that sent the request. [uuid]"""
    user_end_point: bytes
    """The user end point of the client that sent the request. [bytes]"""
    task_offset_sums: list[SubscriptionInfoDataTaskOffsetSumV7]
    """The task offset sums that were assigned to the client. [array of TaskOffsetSum]"""
    unique_field: int
    """A unique field that is used to identify the client that sent the request. [int8 (-128 to 127)]"""
    error_code: int
    """The error code of the request. [int32 (-2147483648 to 2147483647)]"""


class SubscriptionInfoDataTaskOffsetSumV10(TypedDict, total=False, closed=True):
    """``TaskOffsetSum`` of SubscriptionInfoData (as in version 10)."""
    topic_group_id: int
    """The topic group id of the task. [int32 (-2147483648 to 2147483647)]"""
    partition: int
    """The partition of the task. [int32 (-2147483648 to 2147483647)]"""
    offset_sum: int
    """The offset sum of the task. [int64 (-9223372036854775808 to 9223372036854775807)]"""
    named_topology: str | None
    """The named topology of the task. [string, nullable]"""


class SubscriptionInfoDataV10(TypedDict, total=False, closed=True):
    """SubscriptionInfoData version 10: the data format (streams)."""
    version: int
    """The version of the subscription info data. [int32 (-2147483648 to 2147483647)]"""
    latest_supported_version: int
    """The latest supported version of the subscription info data. [int32 (-2147483648 to 2147483647), default -1]"""
    process_id: UUID
    """The process id of the client that sent the request. [uuid]"""
    user_end_point: bytes
    """The user end point of the client that sent the request. [bytes]"""
    task_offset_sums: list[SubscriptionInfoDataTaskOffsetSumV10]
    """The task offset sums that were assigned to the client. [array of TaskOffsetSum]"""
    unique_field: int
    """A unique field that is used to identify the client that sent the request. [int8 (-128 to 127)]"""
    error_code: int
    """The error code of the request. [int32 (-2147483648 to 2147483647)]"""


class SubscriptionInfoDataClientTagV11(TypedDict, total=False, closed=True):
    """``ClientTag`` of SubscriptionInfoData (as in version 11)."""
    key: bytes
    """The key of the client tag. [bytes]"""
    value: bytes
    """The value of the client tag. [bytes]"""


class SubscriptionInfoDataV11(TypedDict, total=False, closed=True):
    """SubscriptionInfoData version 11: the data format (streams)."""
    version: int
    """The version of the subscription info data. [int32 (-2147483648 to 2147483647)]"""
    latest_supported_version: int
    """The latest supported version of the subscription info data. [int32 (-2147483648 to 2147483647), default -1]"""
    process_id: UUID
    """The process id of the client that sent the request. [uuid]"""
    user_end_point: bytes
    """The user end point of the client that sent the request. [bytes]"""
    task_offset_sums: list[SubscriptionInfoDataTaskOffsetSumV10]
    """The task offset sums that were assigned to the client. [array of TaskOffsetSum]"""
    unique_field: int
    """A unique field that is used to identify the client that sent the request. [int8 (-128 to 127)]"""
    error_code: int
    """The error code of the request. [int32 (-2147483648 to 2147483647)]"""
    client_tags: list[SubscriptionInfoDataClientTagV11]
    """The client tags that were assigned to the client. [array of ClientTag]"""
