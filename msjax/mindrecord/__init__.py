"""`mindspore.mindrecord`: MindRecord files (implementation in msjax/_src/dataset/mindrecord.py)."""
# ruff: noqa: F401
from msjax._src.dataset.mindrecord import FileWriter as FileWriter
from msjax._src.dataset.mindrecord_converters import Cifar100ToMR as Cifar100ToMR
from msjax._src.dataset.mindrecord_converters import Cifar10ToMR as Cifar10ToMR
from msjax._src.dataset.mindrecord_converters import CsvToMR as CsvToMR
from msjax._src.dataset.mindrecord_converters import FAILED as FAILED
from msjax._src.dataset.mindrecord_converters import ImageNetToMR as ImageNetToMR
from msjax._src.dataset.mindrecord_converters import MnistToMR as MnistToMR
from msjax._src.dataset.mindrecord_converters import SUCCESS as SUCCESS
from msjax._src.dataset.mindrecord_reader import FileReader as FileReader
from msjax._src.dataset.mindpage import MindPage as MindPage
from msjax._src.dataset.mindrecord_config import set_dec_mode as set_dec_mode
from msjax._src.dataset.mindrecord_config import set_enc_key as set_enc_key
from msjax._src.dataset.mindrecord_config import set_enc_mode as set_enc_mode
from msjax._src.dataset.mindrecord_errors import DbConnectionError as DbConnectionError
from msjax._src.dataset.mindrecord_errors import MRMDefineCategoryError as MRMDefineCategoryError
from msjax._src.dataset.mindrecord_errors import MRMFetchCandidateFieldsError as MRMFetchCandidateFieldsError
from msjax._src.dataset.mindrecord_errors import MRMFetchDataError as MRMFetchDataError
from msjax._src.dataset.mindrecord_errors import MRMGetMetaError as MRMGetMetaError
from msjax._src.dataset.mindrecord_errors import MRMInitSegmentError as MRMInitSegmentError
from msjax._src.dataset.mindrecord_errors import MRMOpenForAppendError as MRMOpenForAppendError
from msjax._src.dataset.mindrecord_errors import MRMReadCategoryInfoError as MRMReadCategoryInfoError
from msjax._src.dataset.mindrecord_errors import MRMUnsupportedSchemaError as MRMUnsupportedSchemaError
from msjax._src.dataset.mindrecord_errors import MRMAddIndexError as MRMAddIndexError
from msjax._src.dataset.mindrecord_errors import MRMAddSchemaError as MRMAddSchemaError
from msjax._src.dataset.mindrecord_errors import MRMCommitError as MRMCommitError
from msjax._src.dataset.mindrecord_errors import MRMDefineIndexError as MRMDefineIndexError
from msjax._src.dataset.mindrecord_errors import MRMInvalidSchemaError as MRMInvalidSchemaError
from msjax._src.dataset.mindrecord_errors import MRMOpenError as MRMOpenError
from msjax._src.dataset.mindrecord_errors import MRMValidateDataError as MRMValidateDataError
from msjax._src.dataset.mindrecord_errors import MindRecordException as MindRecordException
from msjax._src.dataset.mindrecord_errors import ParamMissError as ParamMissError
from msjax._src.dataset.mindrecord_errors import ParamTypeError as ParamTypeError
from msjax._src.dataset.mindrecord_errors import ParamValueError as ParamValueError
from msjax._src.dataset.mindrecord_errors import PathNotExistsError as PathNotExistsError

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
