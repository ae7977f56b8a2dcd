"""`mindspore.mindrecord`'s exceptions: ``[Name]: description. Detail: ...`` as MindSpore words them."""
from __future__ import annotations


class MindRecordException(Exception):
    """`mindspore.mindrecord.MindRecordException`: the base of MindRecord's errors."""

    description = "Unknown error."
    detail_label = "Detail: "

    def __init__(self, detail: str = ""):
        self.detail = detail
        text = f"[{type(self).__name__}]: {self.description}"
        super().__init__(f"{text} {self.detail_label}{detail}" if detail else text)


def _error(name, description, detail_label="Detail: ", detail_required=False):
    namespace = {"description": description, "detail_label": detail_label,
                 "__doc__": f"`mindspore.mindrecord.{name}`: {description}"}
    if detail_required:  # MindSpore's classes that take a detail require one
        def __init__(self, detail):
            MindRecordException.__init__(self, detail)
        namespace["__init__"] = __init__
    return type(name, (MindRecordException,), namespace)


ParamValueError = _error("ParamValueError", "Invalid parameter value.", "")
ParamTypeError = _error("ParamTypeError", "Invalid parameter type.", "")
ParamMissError = _error("ParamMissError", "Param missing.", "")
PathNotExistsError = _error("PathNotExistsError", "Invalid path.", "", detail_required=True)
MRMInvalidSchemaError = _error("MRMInvalidSchemaError", "Schema format is error.")
MRMDefineIndexError = _error("MRMDefineIndexError", "Failed to define index field.")
MRMAddSchemaError = _error("MRMAddSchemaError", "Failed to add schema.")
MRMAddIndexError = _error("MRMAddIndexError", "Failed to add index field.")
MRMCommitError = _error("MRMCommitError", "Failed to commit.")
MRMOpenError = _error("MRMOpenError", "Failed to call open.")
MRMValidateDataError = _error("MRMValidateDataError", "Failed to validate data.")
MRMDefineCategoryError = _error("MRMDefineCategoryError", "Failed to define category field.",
                                detail_required=True)
MRMUnsupportedSchemaError = _error("MRMUnsupportedSchemaError", "Schema is not supported.",
                                   detail_required=True)
DbConnectionError = _error("DbConnectionError", "Db connection is error.",
                           detail_required=True)
MRMGetMetaError = _error("MRMGetMetaError", "Failed to get meta info.")
MRMInitSegmentError = _error("MRMInitSegmentError", "Failed to initialize segment.")
MRMFetchCandidateFieldsError = _error("MRMFetchCandidateFieldsError",
                                      "Failed to fetch candidate category fields.")
MRMReadCategoryInfoError = _error("MRMReadCategoryInfoError", "Failed to read category information.")
MRMFetchDataError = _error("MRMFetchDataError", "Failed to fetch data by category.")
MRMOpenForAppendError = _error("MRMOpenForAppendError",
                               "MindRecord File could not open successfully for append.")
